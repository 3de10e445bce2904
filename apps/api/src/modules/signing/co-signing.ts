import { createHash, randomBytes } from 'node:crypto';
import {
  coSigningOf,
  INVITATION_SENDS_MAX,
  isSamePerson,
  ownDetailsDifferences,
  ownDetailsOf,
  ownDetailsSchema,
  relatedPersonsSchema,
  type AccessTokenPayload,
  type CoSigning,
  type CoSigningView,
  type Invitation,
  type InvitationStatus,
  type InviteRequest,
  type Locale,
  type OwnDetails,
  type OwnStatement,
  type PersonCode,
  type ReceivedInvitation,
} from '@onboarding/domain';
import type { Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import { personFromCertificate, readCertificateFields } from '../identity/index.js';
import {
  actorOf,
  invitationEnded,
  invitationSent,
  ownDetailsGiven,
  personKeyOf,
  registerOf,
  type ApplicationRow,
  type Applications,
  type Signer,
} from '../onboarding/index.js';
import type { InvitationRepository, InvitationRow } from './invitation-repository.js';
import type { SigningRepository, SigningSessionRow } from './signing-repository.js';

type User = Pick<AccessTokenPayload, 'personalId' | 'personalIdCountryCode' | 'givenName' | 'surname'>;
type Person = PersonCode;

/** The link's token is kept only as its hash: whoever reads the table cannot rebuild a link. */
const tokenHashOf = (token: string): string => createHash('sha256').update(token).digest('base64url');
const newToken = (): string => randomBytes(32).toString('base64url');

/** The applicant of an application, as the register's rule is read for them. */
const applicantOf = (application: ApplicationRow): Person => ({
  personalId: application.representativePersonalId,
  personalIdCountryCode: application.representativeCountryCode,
});

/**
 * Whom the product collects signatures from besides the applicant (decision 39), from the register's card as the
 * contract was drawn up on it; undefined when the applicant signs alone or the rule is not one the product reads.
 */
export function coSigningOfApplication(application: ApplicationRow): CoSigning | undefined {
  const representation = registerOf(application)?.details.representation;
  return representation ? coSigningOf(representation, applicantOf(application)) : undefined;
}

/** Every signature of the application's current signed contract, the applicant's first. */
export async function currentSignersOf(signing: Pick<SigningRepository, 'currentSigned' | 'signedSessionsOf'>, processId: string): Promise<Signer[]> {
  const signed = await signing.currentSigned(processId);
  return signed ? (await signing.signedSessionsOf(signed.contract.id)).map(signerOfSession) : [];
}

/** A signature in the container, named as its certificate names the signer. */
export function signerOfSession(session: SigningSessionRow): Signer {
  const person = personFromCertificate(readCertificateFields(Buffer.from(session.certificate ?? '', 'base64')));
  return {
    name: person ? `${person.givenName} ${person.surname}` : session.personalId,
    personalId: session.personalId,
    personalIdCountryCode: person?.countryCode ?? 'EE',
    signedAt: session.signedAt ?? new Date(0),
    signingSessionId: session.id,
    method: session.method,
  };
}

/** The invited person's own details beside the applicant's declaration, for the bank (decision 40); null until given. */
export function ownStatementOf(row: InvitationRow): OwnStatement | null {
  const details = ownDetailsSchema.safeParse(row.ownDetails);
  if (!details.success || !row.ownDetailsAt) return null;
  const declared = ownDetailsSchema.safeParse(row.ownDetailsDeclared);
  return {
    details: details.data,
    givenAt: row.ownDetailsAt.toISOString(),
    declared: declared.success ? declared.data : null,
    differences: declared.success ? ownDetailsDifferences(details.data, declared.data) : [],
  };
}

/** PENDING past its time reads as EXPIRED: nothing needs to run when the time passes. */
export const invitationStatusOf = (row: InvitationRow, now: Date): InvitationStatus =>
  row.status === 'PENDING' && row.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : (row.status as InvitationStatus);

const formatDay = (day: Date, language: Locale): string =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Tallinn' }).format(day);

export type CoSigningServiceOptions = {
  invitations: InvitationRepository;
  signing: Pick<SigningRepository, 'db' | 'currentSigned' | 'signedSessionsOf'>;
  applications: Pick<Applications, 'owned' | 'find' | 'lock' | 'write' | 'wake'>;
  /** Days an invitation opens the contract (INVITATION_VALID_DAYS). */
  validDays: number;
  now?: () => Date;
};

/**
 * Invitations to sign the contract too (decision 39). The applicant asks the board members the register's rule needs,
 * each by a mailed link; the link only locates the invitation, and only the person it names, signed in with their own
 * eID, opens it. They sign through the signing calls (signing-service.ts) or decline; the applicant may mail the link
 * again or withdraw it.
 */
export function createCoSigningService(options: CoSigningServiceOptions) {
  const { invitations, applications } = options;
  const now = options.now ?? (() => new Date());

  const invitationOf = (row: InvitationRow): Invitation => {
    const status = invitationStatusOf(row, now());
    return {
      invitationId: row.id,
      status,
      email: row.email,
      language: row.language as Locale,
      sendCount: row.sendCount,
      maySendAgain: status === 'PENDING' && row.sendCount < INVITATION_SENDS_MAX,
      lastSentAt: row.lastSentAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      answeredAt: row.answeredAt?.toISOString() ?? null,
      declineReason: row.declineReason,
    };
  };

  /** The applicant's application and whom it needs; 409 while it waits for no one's signature. */
  async function awaiting(user: User, processId: string): Promise<{ application: ApplicationRow; coSigning: CoSigning }> {
    const application = await applications.owned(user, processId);
    const coSigning = coSigningOfApplication(application);
    if (application.status !== 'AWAITING_SIGNATURES' || !coSigning) throw new AppError('CONFLICT', 'The application waits for no other signature.');
    return { application, coSigning };
  }

  async function ownInvitation(user: User, processId: string, invitationId: string): Promise<{ application: ApplicationRow; row: InvitationRow }> {
    const { application } = await awaiting(user, processId);
    const row = await invitations.find(invitationId, processId);
    if (!row) throw new AppError('NOT_FOUND', 'No such invitation.');
    return { application, row };
  }

  /** Locks the application and runs `work` while it still waits for signatures: an answer and a submission never cross. */
  async function whileAwaiting<T>(processId: string, work: (application: ApplicationRow, tx: Executor) => Promise<T>): Promise<T> {
    return options.signing.db.transaction(async (tx) => {
      const application = await applications.lock(tx, processId);
      if (application?.status !== 'AWAITING_SIGNATURES') throw new AppError('CONFLICT', 'The application waits for no other signature.');
      return work(application, tx);
    });
  }

  /** The mail of an invitation with a fresh token: the first, or again (the old link then opens nothing). */
  function mailOf(
    application: ApplicationRow,
    user: User,
    row: Pick<InvitationRow, 'email' | 'language' | 'firstName' | 'lastName' | 'expiresAt'>,
    token: string,
  ) {
    const language = row.language as Locale;
    return {
      to: row.email,
      language,
      processId: application.processId,
      personKey: personKeyOf(user),
      token,
      params: {
        inviteeName: `${row.firstName} ${row.lastName}`,
        applicantName: `${user.givenName} ${user.surname}`,
        businessName: application.companyName,
        registryCode: application.companyRegistryCode ?? '',
        // The last whole day it opens: the day before it expires, where it expires at the start of a day.
        validUntil: formatDay(new Date(row.expiresAt.getTime() - 1), language),
      },
    };
  }

  /** The invited person's own invitation behind a link's token; for anyone else, as missing as an unknown token. */
  async function received(user: User, token: string): Promise<{ row: InvitationRow; application: ApplicationRow }> {
    const row = await invitations.findByTokenHash(tokenHashOf(token));
    if (!row || !isSamePerson(row, user)) throw new AppError('NOT_FOUND', 'No such invitation.');
    const application = await applications.find(row.processId);
    if (!application) throw new AppError('NOT_FOUND', 'No such invitation.');
    return { row, application };
  }

  /** The invited person as the applicant declared them (the related persons step), found by personal code. */
  function declaredOf(row: InvitationRow, application: ApplicationRow): ReceivedInvitation['declared'] {
    const step = relatedPersonsSchema.safeParse(application.stepData.RelatedPersons);
    const person = step.success
      ? step.data.relatedPersons.find(
          (candidate) =>
            candidate.type === 'PRIVATE_PERSON' &&
            candidate.personalId !== undefined &&
            isSamePerson({ personalId: candidate.personalId, personalIdCountryCode: candidate.personalIdCountryCode }, row),
        )
      : undefined;
    if (person?.type !== 'PRIVATE_PERSON') return null;
    return { roles: person.roles, details: ownDetailsOf(person) };
  }

  /** Their own details as they gave them, if they did. */
  function ownOf(row: InvitationRow): ReceivedInvitation['own'] {
    const details = ownDetailsSchema.safeParse(row.ownDetails);
    return details.success && row.ownDetailsAt ? { details: details.data, givenAt: row.ownDetailsAt.toISOString() } : null;
  }

  function receivedOf(row: InvitationRow, application: ApplicationRow, applicantName: string): ReceivedInvitation {
    const representative = registerOf(application)?.details.representation?.representatives.find(
      (candidate) =>
        candidate.personalId !== undefined && isSamePerson({ personalId: candidate.personalId, personalIdCountryCode: candidate.personalIdCountryCode }, row),
    );
    return {
      processId: application.processId,
      status: invitationStatusOf(row, now()),
      applicantName,
      company: { businessName: application.companyName, registryCode: application.companyRegistryCode },
      role: representative?.role ?? 'MANAGEMENT_BOARD_MEMBER',
      expiresAt: row.expiresAt.toISOString(),
      declared: declaredOf(row, application),
      own: ownOf(row),
    };
  }

  /** The applicant's name as their signature names them (the first signature of the contract). */
  async function applicantNameOf(application: ApplicationRow): Promise<string> {
    const [first] = await currentSignersOf(options.signing, application.processId);
    return first?.name ?? '';
  }

  return {
    async view(user: User, processId: string): Promise<CoSigningView> {
      const application = await applications.owned(user, processId);
      const coSigning = coSigningOfApplication(application);
      if (!coSigning) return { othersNeeded: 0, signedCount: 0, coSigners: [] };
      const rows = await invitations.ofApplication(processId);
      const latestOf = (candidate: Person) => rows.find((row) => isSamePerson(row, candidate));
      return {
        othersNeeded: coSigning.othersNeeded,
        signedCount: rows.filter((row) => row.status === 'SIGNED').length,
        coSigners: coSigning.candidates.map((candidate, candidateIndex) => {
          const latest = latestOf(candidate);
          return { candidateIndex, firstName: candidate.firstName, lastName: candidate.lastName, invitation: latest ? invitationOf(latest) : null };
        }),
      };
    },

    async invite(user: User, processId: string, request: InviteRequest): Promise<Invitation> {
      const { coSigning } = await awaiting(user, processId);
      const candidate = coSigning.candidates[request.candidateIndex];
      if (!candidate) throw new AppError('NOT_FOUND', 'No such board member.');
      const signed = await options.signing.currentSigned(processId);
      if (!signed) throw new Error(`application ${processId} awaits signatures without a signed contract`);
      const token = newToken();
      const created = await whileAwaiting(processId, async (application, tx) => {
        const values = {
          processId,
          contractId: signed.contract.id,
          personalId: candidate.personalId,
          personalIdCountryCode: candidate.personalIdCountryCode,
          firstName: candidate.firstName,
          lastName: candidate.lastName,
          email: request.email,
          language: request.language,
          tokenHash: tokenHashOf(token),
          expiresAt: new Date(now().getTime() + options.validDays * 86_400_000),
        };
        await invitations.expireLapsed(signed.contract.id, candidate, now(), tx);
        const row = await invitations.insert(values, tx).catch((error: unknown) => {
          // The unique index: a live invitation (or a signature) of this person already.
          if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'This board member has been invited already.');
          throw error;
        });
        const transition = invitationSent(
          application,
          actorOf(user),
          { invitationId: row.id, invitee: actorOf(row), email: row.email, sendCount: row.sendCount },
          mailOf(application, user, row, token),
        );
        await applications.write(transition, { within: tx });
        return { row, transition };
      });
      applications.wake(created.transition);
      return invitationOf(created.row);
    },

    async sendAgain(user: User, processId: string, invitationId: string): Promise<Invitation> {
      await ownInvitation(user, processId, invitationId);
      const token = newToken();
      const sent = await whileAwaiting(processId, async (application, tx) => {
        const current = await invitations.findById(invitationId, tx);
        if (!current || invitationStatusOf(current, now()) !== 'PENDING') throw new AppError('CONFLICT', 'The invitation is no longer open.');
        const row = await invitations.countSend(invitationId, INVITATION_SENDS_MAX, tokenHashOf(token), now(), tx);
        if (!row) throw new AppError('CONFLICT', 'The invitation has been sent as many times as it may be.');
        const transition = invitationSent(
          application,
          actorOf(user),
          { invitationId, invitee: actorOf(row), email: row.email, sendCount: row.sendCount },
          mailOf(application, user, row, token),
        );
        await applications.write(transition, { within: tx });
        return { row, transition };
      });
      applications.wake(sent.transition);
      return invitationOf(sent.row);
    },

    async withdraw(user: User, processId: string, invitationId: string): Promise<Invitation> {
      await ownInvitation(user, processId, invitationId);
      const row = await whileAwaiting(processId, async (application, tx) => {
        const answered = await invitations.answer(invitationId, { status: 'WITHDRAWN' }, now(), tx);
        if (!answered) throw new AppError('CONFLICT', 'The invitation is no longer open.');
        await applications.write(invitationEnded(application, actorOf(user), { invitationId, invitee: actorOf(answered), status: 'WITHDRAWN' }), {
          within: tx,
        });
        return answered;
      });
      return invitationOf(row);
    },

    async received(user: User, token: string): Promise<ReceivedInvitation> {
      const { row, application } = await received(user, token);
      return receivedOf(row, application, await applicantNameOf(application));
    },

    /**
     * The invited person's own details (decision 40), kept beside the applicant's declaration with the fields where
     * they differ; the steps the applicant signed stay as they were.
     */
    async giveOwnDetails(user: User, token: string, details: OwnDetails): Promise<ReceivedInvitation> {
      const { row } = await received(user, token);
      if (invitationStatusOf(row, now()) !== 'PENDING') throw new AppError('CONFLICT', 'The invitation is no longer open.');
      const result = await whileAwaiting(row.processId, async (application, tx) => {
        const declared = declaredOf(row, application)?.details ?? null;
        const kept = await invitations.keepOwnDetails(row.id, { details, declared }, now(), tx);
        if (!kept) throw new AppError('CONFLICT', 'The invitation is no longer open.');
        const differences = declared ? ownDetailsDifferences(details, declared) : [];
        await applications.write(ownDetailsGiven(application, actorOf(user), { invitationId: row.id, differences }), { within: tx });
        return { kept, application };
      });
      return receivedOf(result.kept, result.application, await applicantNameOf(result.application));
    },

    async decline(user: User, token: string, reason: string): Promise<ReceivedInvitation> {
      const { row } = await received(user, token);
      if (invitationStatusOf(row, now()) !== 'PENDING') throw new AppError('CONFLICT', 'The invitation is no longer open.');
      const result = await whileAwaiting(row.processId, async (application, tx) => {
        const answered = await invitations.answer(row.id, { status: 'DECLINED', declineReason: reason }, now(), tx);
        if (!answered) throw new AppError('CONFLICT', 'The invitation is no longer open.');
        await applications.write(invitationEnded(application, actorOf(user), { invitationId: row.id, invitee: actorOf(user), status: 'DECLINED', reason }), {
          within: tx,
        });
        return { answered, application };
      });
      return receivedOf(result.answered, result.application, await applicantNameOf(result.application));
    },
  };
}

export type CoSigningService = ReturnType<typeof createCoSigningService>;
