import {
  DEFAULT_COUNTRY_CODE,
  INVITATION_SENDS_MAX,
  isSamePerson,
  relatedPersonById,
  type AccessTokenPayload,
  type DetailRequest,
  type DetailRequests,
  type RequestDetails,
} from '@onboarding/domain';
import type { Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import { actorOf, invitationEnded, invitationSent, type ApplicationRow, type Applications } from '../onboarding/index.js';
import { invitationMailOf, invitationOf, invitationStatusOf, newToken, tokenHashOf } from './invitation-links.js';
import type { InvitationRepository, InvitationRow } from './invitation-repository.js';

type User = Pick<AccessTokenPayload, 'personalId' | 'personalIdCountryCode' | 'givenName' | 'surname'>;

export type DetailRequestServiceOptions = {
  invitations: InvitationRepository;
  db: { transaction: <T>(work: (tx: Executor) => Promise<T>) => Promise<T> };
  applications: Pick<Applications, 'owned' | 'lock' | 'write' | 'wake'>;
  /** Days a request's link opens it (INVITATION_VALID_DAYS). */
  validDays: number;
  now?: () => Date;
};

const asText = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Requests to related persons to give their own details (decision 40): the applicant names a private person of the
 * related persons step who has a personal code and an address to mail; only that person, signed in with their own
 * eID, opens the link (co-signing.ts answers it). Signing waits for an open request; the applicant may mail the link
 * again or withdraw it.
 */
export function createDetailRequestService(options: DetailRequestServiceOptions) {
  const { invitations, applications } = options;
  const now = options.now ?? (() => new Date());

  const requestOf = (row: InvitationRow): DetailRequest => ({
    ...invitationOf(row, now()),
    personId: row.personId ?? '',
    firstName: row.firstName,
    lastName: row.lastName,
  });

  /** Locks the application and runs `work` while it is being filled in: the step and the request change together. */
  function whileFilledIn<T>(processId: string, work: (application: ApplicationRow, tx: Executor) => Promise<T>): Promise<T> {
    return options.db.transaction(async (tx) => {
      const application = await applications.lock(tx, processId);
      if (application?.status !== 'IN_PROGRESS') throw new AppError('CONFLICT', 'The application is no longer being filled in.');
      return work(application, tx);
    });
  }

  async function ownRequest(user: User, processId: string, invitationId: string): Promise<InvitationRow> {
    await applications.owned(user, processId);
    const row = await invitations.find(invitationId, processId);
    if (row?.purpose !== 'DETAILS') throw new AppError('NOT_FOUND', 'No such request.');
    return row;
  }

  return {
    async list(user: User, processId: string): Promise<DetailRequests> {
      await applications.owned(user, processId);
      const rows = await invitations.ofApplication(processId, 'DETAILS');
      // The latest per person: the rows come newest first.
      const latest = rows.filter((row, index) => rows.findIndex((other) => other.personId === row.personId) === index);
      return { requests: latest.map(requestOf) };
    },

    async request(user: User, processId: string, request: RequestDetails): Promise<DetailRequest> {
      await applications.owned(user, processId);
      const token = newToken();
      const created = await whileFilledIn(processId, async (application, tx) => {
        const person =
          relatedPersonById(application.stepData.RelatedPersons, request.personId) ?? relatedPersonById(application.drafts.RelatedPersons, request.personId);
        const personalId = asText(person?.personalId);
        if (!person) throw new AppError('NOT_FOUND', 'No such person on the application.');
        // Only a personal code opens the link: a person without one cannot be asked.
        if (!personalId) throw new AppError('CONFLICT', 'The person has no personal code to sign in with.');
        const invitee = { personalId, personalIdCountryCode: asText(person.personalIdCountryCode) || DEFAULT_COUNTRY_CODE };
        if (isSamePerson(invitee, user)) throw new AppError('CONFLICT', 'The applicant gives their own details on the step.');
        await invitations.expireLapsedRequest(processId, invitee, now(), tx);
        const row = await invitations
          .insert(
            {
              processId,
              purpose: 'DETAILS',
              personId: request.personId,
              ...invitee,
              firstName: asText(person.firstName),
              lastName: asText(person.lastName),
              inviterName: `${user.givenName} ${user.surname}`,
              email: request.email,
              language: request.language,
              tokenHash: tokenHashOf(token),
              expiresAt: new Date(now().getTime() + options.validDays * 86_400_000),
            },
            tx,
          )
          .catch((error: unknown) => {
            if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'This person has an open request already.');
            throw error;
          });
        const transition = invitationSent(
          application,
          actorOf(user),
          { invitationId: row.id, invitee: actorOf(row), email: row.email, sendCount: row.sendCount, purpose: 'DETAILS' },
          invitationMailOf(application, user, row, token),
        );
        await applications.write(transition, { within: tx });
        return { row, transition };
      });
      applications.wake(created.transition);
      return requestOf(created.row);
    },

    async sendAgain(user: User, processId: string, invitationId: string): Promise<DetailRequest> {
      await ownRequest(user, processId, invitationId);
      const token = newToken();
      const sent = await whileFilledIn(processId, async (application, tx) => {
        const current = await invitations.findById(invitationId, tx);
        if (!current || invitationStatusOf(current, now()) !== 'PENDING') throw new AppError('CONFLICT', 'The request is no longer open.');
        const row = await invitations.countSend(invitationId, INVITATION_SENDS_MAX, tokenHashOf(token), now(), tx);
        if (!row) throw new AppError('CONFLICT', 'The request has been sent as many times as it may be.');
        const transition = invitationSent(
          application,
          actorOf(user),
          { invitationId, invitee: actorOf(row), email: row.email, sendCount: row.sendCount, purpose: 'DETAILS' },
          invitationMailOf(application, user, row, token),
        );
        await applications.write(transition, { within: tx });
        return { row, transition };
      });
      applications.wake(sent.transition);
      return requestOf(sent.row);
    },

    async withdraw(user: User, processId: string, invitationId: string): Promise<DetailRequest> {
      await ownRequest(user, processId, invitationId);
      const row = await whileFilledIn(processId, async (application, tx) => {
        const answered = await invitations.answer(invitationId, { status: 'WITHDRAWN' }, now(), tx);
        if (!answered) throw new AppError('CONFLICT', 'The request is no longer open.');
        await applications.write(invitationEnded(application, actorOf(user), { invitationId, invitee: actorOf(answered), status: 'WITHDRAWN' }), {
          within: tx,
        });
        return answered;
      });
      return requestOf(row);
    },
  };
}

export type DetailRequestService = ReturnType<typeof createDetailRequestService>;
