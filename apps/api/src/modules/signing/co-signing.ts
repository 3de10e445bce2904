import {
  coSigningNamedByBank,
  coSigningOf,
  INVITATION_SENDS_MAX,
  isSamePerson,
  ownDetailsDifferences,
  ownDetailsOf,
  ownDetailsSchema,
  RELATED_PERSON_ROLES,
  relatedPersonById,
  relatedPersonsSchema,
  withOwnDetails,
  type InvitationPurpose,
  type AccessTokenPayload,
  type CoSigning,
  type CoSigningView,
  type Invitation,
  type InviteRequest,
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
  detailsGiven,
  registerOf,
  type ApplicationRow,
  type Applications,
  type Signer,
} from '../onboarding/index.js';
import { invitationMailOf, invitationOf, invitationStatusOf, newToken, tokenHashOf } from './invitation-links.js';
import type { InvitationRepository, InvitationRow } from './invitation-repository.js';
import type { SigningRepository, SigningSessionRow } from './signing-repository.js';

type User = Pick<AccessTokenPayload, 'personalId' | 'personalIdCountryCode' | 'givenName' | 'surname'>;
type Person = PersonCode;

/** The applicant of an application, as the register's rule is read for them. */
const applicantOf = (application: ApplicationRow): Person => ({
  personalId: application.representativePersonalId,
  personalIdCountryCode: application.representativeCountryCode,
});

/**
 * Whom the product collects signatures from besides the applicant (decision 39), from the register's card as the
 * contract was drawn up on it: by the rule where the product reads it, else those the bank named (decision 41);
 * undefined when the applicant signs alone or nobody named those who sign with them.
 */
export function coSigningOfApplication(application: ApplicationRow): CoSigning | undefined {
  const representation = registerOf(application)?.details.representation;
  if (!representation) return undefined;
  const named = application.namedSigners;
  return named ? coSigningNamedByBank(representation, applicantOf(application), named) : coSigningOf(representation, applicantOf(application));
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

/** A private person of the related persons step by their id there: the saved step's, else the draft's. */
function declaredPersonById(application: ApplicationRow, personId: string): Record<string, unknown> | undefined {
  return relatedPersonById(application.stepData.RelatedPersons, personId) ?? relatedPersonById(application.drafts.RelatedPersons, personId);
}

/** A private person of the saved related persons step by personal code. */
function declaredPersonByCode(application: ApplicationRow, person: Person): Record<string, unknown> | undefined {
  const step = relatedPersonsSchema.safeParse(application.stepData.RelatedPersons);
  const found = step.success
    ? step.data.relatedPersons.find(
        (candidate) =>
          candidate.type === 'PRIVATE_PERSON' &&
          candidate.personalId !== undefined &&
          isSamePerson({ personalId: candidate.personalId, personalIdCountryCode: candidate.personalIdCountryCode }, person),
      )
    : undefined;
  return found ? relatedPersonById(application.stepData.RelatedPersons, found.id) : undefined;
}

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
  function whileAwaiting<T>(processId: string, work: (application: ApplicationRow, tx: Executor) => Promise<T>): Promise<T> {
    return whileOpenFor('SIGN', processId, work);
  }

  /**
   * Locks the application and runs `work` while an invitation of this purpose can still be answered: one to sign
   * while the application waits for signatures, a request for details while it is being filled in.
   */
  async function whileOpenFor<T>(purpose: InvitationPurpose, processId: string, work: (application: ApplicationRow, tx: Executor) => Promise<T>): Promise<T> {
    return options.signing.db.transaction(async (tx) => {
      const application = await applications.lock(tx, processId);
      if (application?.status !== (purpose === 'SIGN' ? 'AWAITING_SIGNATURES' : 'IN_PROGRESS')) {
        throw new AppError('CONFLICT', purpose === 'SIGN' ? 'The application waits for no other signature.' : 'The application is no longer being filled in.');
      }
      return work(application, tx);
    });
  }

  /** The invited person's own invitation behind a link's token; for anyone else, as missing as an unknown token. */
  async function received(user: User, token: string): Promise<{ row: InvitationRow; application: ApplicationRow }> {
    const row = await invitations.findByTokenHash(tokenHashOf(token));
    if (!row || !isSamePerson(row, user)) throw new AppError('NOT_FOUND', 'No such invitation.');
    const application = await applications.find(row.processId);
    if (!application) throw new AppError('NOT_FOUND', 'No such invitation.');
    return { row, application };
  }

  /**
   * The invited person as the applicant declared them on the related persons step: found by personal code, or for a
   * request for details by their place on the step (saved, else the draft); null where the step lists them nowhere or
   * their details are not complete.
   */
  function declaredOf(row: InvitationRow, application: ApplicationRow): ReceivedInvitation['declared'] {
    const person = row.personId ? declaredPersonById(application, row.personId) : declaredPersonByCode(application, row);
    if (!person) return null;
    const details = ownDetailsSchema.safeParse(person);
    const roles = RELATED_PERSON_ROLES.filter((role) => Array.isArray(person.roles) && person.roles.includes(role));
    return details.success ? { roles, details: ownDetailsOf(details.data) } : null;
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
    const purpose = row.purpose as InvitationPurpose;
    return {
      processId: application.processId,
      purpose,
      status: invitationStatusOf(row, now()),
      applicantName,
      company: { businessName: application.companyName, registryCode: application.companyRegistryCode },
      role: purpose === 'SIGN' ? (representative?.role ?? 'MANAGEMENT_BOARD_MEMBER') : null,
      expiresAt: row.expiresAt.toISOString(),
      declared: declaredOf(row, application),
      own: ownOf(row),
    };
  }

  /**
   * Who asks: for a signature, the applicant as their signature names them (the contract's first); for details, as
   * their eID named them when they asked.
   */
  async function applicantNameOf(row: InvitationRow, application: ApplicationRow): Promise<string> {
    const [first] = row.purpose === 'SIGN' ? await currentSignersOf(options.signing, application.processId) : [];
    return first?.name ?? row.inviterName ?? '';
  }

  return {
    async view(user: User, processId: string): Promise<CoSigningView> {
      const application = await applications.owned(user, processId);
      const coSigning = coSigningOfApplication(application);
      if (!coSigning) return { othersNeeded: 0, signedCount: 0, coSigners: [] };
      const rows = await invitations.ofApplication(processId, 'SIGN');
      const latestOf = (candidate: Person) => rows.find((row) => isSamePerson(row, candidate));
      return {
        othersNeeded: coSigning.othersNeeded,
        signedCount: rows.filter((row) => row.status === 'SIGNED').length,
        coSigners: coSigning.candidates.map((candidate, candidateIndex) => {
          const latest = latestOf(candidate);
          return { candidateIndex, firstName: candidate.firstName, lastName: candidate.lastName, invitation: latest ? invitationOf(latest, now()) : null };
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
          inviterName: `${user.givenName} ${user.surname}`,
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
          invitationMailOf(application, user, row, token),
        );
        await applications.write(transition, { within: tx });
        return { row, transition };
      });
      applications.wake(created.transition);
      return invitationOf(created.row, now());
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
          invitationMailOf(application, user, row, token),
        );
        await applications.write(transition, { within: tx });
        return { row, transition };
      });
      applications.wake(sent.transition);
      return invitationOf(sent.row, now());
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
      return invitationOf(row, now());
    },

    async received(user: User, token: string): Promise<ReceivedInvitation> {
      const { row, application } = await received(user, token);
      return receivedOf(row, application, await applicantNameOf(row, application));
    },

    /**
     * The invited person's own details (decision 40), kept beside the applicant's declaration with the fields where
     * they differ; the steps the applicant signed stay as they were.
     */
    async giveOwnDetails(user: User, token: string, details: OwnDetails): Promise<ReceivedInvitation> {
      const { row } = await received(user, token);
      if (invitationStatusOf(row, now()) !== 'PENDING') throw new AppError('CONFLICT', 'The invitation is no longer open.');
      const purpose = row.purpose as InvitationPurpose;
      const result = await whileOpenFor(purpose, row.processId, async (application, tx) => {
        const declared = declaredOf(row, application)?.details ?? null;
        const differences = declared ? ownDetailsDifferences(details, declared) : [];
        const kept = await invitations.keepOwnDetails(row.id, { details, declared }, now(), tx);
        if (!kept) throw new AppError('CONFLICT', 'The invitation is no longer open.');
        if (purpose === 'SIGN') {
          // Beside the declaration: the steps the applicant signed stay as signed.
          await applications.write(ownDetailsGiven(application, actorOf(user), { invitationId: row.id, differences }), { within: tx });
          return { answered: kept, application };
        }
        // A request for details is answered by them: the person's words go into the step, the request ends.
        const personId = row.personId ?? '';
        const stepData = withOwnDetails(application.stepData.RelatedPersons, personId, details);
        const draft = withOwnDetails(application.drafts.RelatedPersons, personId, details);
        if (!stepData && !draft) throw new AppError('CONFLICT', 'The application no longer lists this person.');
        const answered = await invitations.answer(row.id, { status: 'ANSWERED' }, now(), tx);
        if (!answered) throw new AppError('CONFLICT', 'The invitation is no longer open.');
        const written = {
          stepData: stepData ? { ...application.stepData, RelatedPersons: stepData } : application.stepData,
          drafts: draft ? { ...application.drafts, RelatedPersons: draft } : application.drafts,
        };
        const transition = detailsGiven(application, actorOf(user), { invitationId: row.id, personId, differences }, written);
        const changed = await applications.write(transition, { within: tx });
        if (!changed) throw new AppError('CONFLICT', 'The application changed meanwhile.');
        return { answered, application: changed };
      });
      return receivedOf(result.answered, result.application, await applicantNameOf(result.answered, result.application));
    },

    async decline(user: User, token: string, reason: string): Promise<ReceivedInvitation> {
      const { row } = await received(user, token);
      if (invitationStatusOf(row, now()) !== 'PENDING') throw new AppError('CONFLICT', 'The invitation is no longer open.');
      const result = await whileOpenFor(row.purpose as InvitationPurpose, row.processId, async (application, tx) => {
        const answered = await invitations.answer(row.id, { status: 'DECLINED', declineReason: reason }, now(), tx);
        if (!answered) throw new AppError('CONFLICT', 'The invitation is no longer open.');
        await applications.write(invitationEnded(application, actorOf(user), { invitationId: row.id, invitee: actorOf(user), status: 'DECLINED', reason }), {
          within: tx,
        });
        return { answered, application };
      });
      return receivedOf(result.answered, result.application, await applicantNameOf(result.answered, result.application));
    },
  };
}

export type CoSigningService = ReturnType<typeof createCoSigningService>;
