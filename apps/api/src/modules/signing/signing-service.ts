import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  CONTRACT_HASH_TYPE,
  hasEnoughSignatures,
  hasMisstatedRight,
  mobileIdVerificationCode,
  smartIdVerificationCode,
  type AccessTokenPayload,
  type Locale,
  type SigningReturnRequest,
  type SigningStatus,
  type SigningStatusResponse,
  type StartSigningRequest,
  type StartSigningResponse,
  mobileIdPhoneNumber,
} from '@onboarding/domain';
import type { ServiceFeeTerms } from '../../config.js';
import type { Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import {
  IdentityError,
  type SignatureEvidence,
  type SigningPollResult,
  type SigningProviders,
  validateIdCardSignature,
  validateIdCardSigningCertificate,
} from '../identity/index.js';
import {
  applicantSigned,
  applicationSubmitted,
  coSigned,
  confirmedEmailOf,
  toApplicationView,
  type ApplicationRow,
  type Applications,
  type SubmissionInput,
  type Transition,
} from '../onboarding/index.js';
import { coSigningOfApplication, signerOfSession } from './co-signing.js';
import { signaturesOf } from './container/asic.js';
import type { InvitationRepository, InvitationRow } from './invitation-repository.js';
import { contractFactsOf, contractLanguageOf } from './contract-facts.js';
import type { ContractRenderer } from './render-contract.js';
import type { ContractRow, SigningRepository, SigningSessionRow } from './signing-repository.js';
import type { ContainerSealer, DocumentToSign } from './container/seal-container.js';
import type { AccountChoice } from './smart-id-account-choice.js';

type User = Pick<AccessTokenPayload, 'personalId' | 'personalIdCountryCode' | 'givenName' | 'surname'> & Partial<Pick<AccessTokenPayload, 'sid'>>;

/** Each status call long-polls the identity service for at most this long, within the browser's 1 s cadence. */
const STATUS_LONG_POLL_MS = 1000;

export type SigningServiceOptions = {
  repository: SigningRepository;
  /**
   * The onboarding module's applications: only the starter sees one, whether it is complete, its register facts fresh
   * enough to sign on, what the bank decides on, and the write path that submits it.
   */
  applications: Pick<Applications, 'owned' | 'find' | 'lock' | 'review' | 'withFreshRegisterFacts' | 'decisionFacts' | 'representative' | 'write' | 'wake'>;
  /** The invitations to sign too (decision 39): a board member with an open one signs the applicant's contract. */
  invitations: Pick<InvitationRepository, 'openFor' | 'ofPerson' | 'answer' | 'openRequests'>;
  providers: SigningProviders;
  idCardTrustAnchors: readonly string[];
  render: ContractRenderer;
  /** Draws up the XAdES signature before signing and seals the signed ASiC-E after. */
  sealer: ContainerSealer;
  bankName: string;
  /** The service fee the product invoices with a submission whose follow-up is the fee; undefined: the bank invoices. */
  serviceFee: ServiceFeeTerms | undefined;
  /**
   * The Smart-ID account a user session was opened with by QR code or app link (decision 38): signing then fetches
   * its certificate and asks that device by notification, with no choice of account on the phone.
   */
  smartIdDeviceOf?: (userSessionId: string) => Promise<string | undefined>;
  /** Without a Smart-ID sign-in: the account is chosen by QR code or app link, then signs by a linked notification. */
  accountChoice: AccountChoice;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => Date;
};

/** A card or certificate of someone else is an invalid certificate to the user; the log keeps the exact reason. */
const failureCodeOf = (rejection: { code: string; reason: string }): string =>
  rejection.reason === 'personal_id_mismatch' ? 'invalid_certificate' : rejection.code;

const actorOf = (user: User): string => `${user.personalIdCountryCode}${user.personalId}`;
/** The hash the eID signs: the SHA-256 of the XAdES SignedInfo drawn up for this session, as DigiDoc signs. */
const hashOf = (session: Pick<SigningSessionRow, 'signedInfoHash'>): Uint8Array => new Uint8Array(Buffer.from(session.signedInfoHash ?? '', 'base64'));

/** The signature that submits, as the submission's record names it. */
const signatureOf = (session: SigningSessionRow, contract: ContractRow, evidence: SignatureEvidence): SubmissionInput['signature'] => ({
  signingSessionId: session.id,
  method: session.method,
  contractId: contract.id,
  contractSha256: contract.sha256,
  signatureAlgorithm: evidence.signatureAlgorithm,
});

export const CONTRACT_MEDIA_TYPE = 'application/pdf';
export const contractFileName = (processId: string): string => `contract-${processId}.pdf`;
export const containerFileName = (processId: string): string => `contract-${processId}.asice`;
const documentOf = (contract: ContractRow): DocumentToSign => ({
  name: contractFileName(contract.processId),
  mediaType: CONTRACT_MEDIA_TYPE,
  content: contract.document,
});

/** docs/requirements.md section 4 signing states from a stored session. */
export function signingStateOf(session: Pick<SigningSessionRow, 'status' | 'failureCode'>): SigningStatus {
  if (session.status === 'SIGNED') return 'SIGNED';
  if (session.status === 'RUNNING') return 'WAITING_FOR_PIN2';
  if (session.status === 'CANCELLED' || session.failureCode === 'user_cancelled') return 'CANCELLED';
  if (session.failureCode === 'timeout') return 'TERMINATED';
  return 'UNSUCCESSFUL';
}

/**
 * Signing the contract and submitting the application
 * (docs/requirements.md sections 2 and 4). The contract's exact bytes are
 * stored; once the signer's certificate is known, a XAdES signature over them
 * is drawn up and the SHA-256 of its SignedInfo is what every method signs. The
 * identity clients validate each signature before it reaches this service; the
 * sealer then time-stamps it, checks the certificate by OCSP and builds the
 * ASiC-E, and a container that verifies submits the application in the same
 * transaction that stores it.
 */
export function createSigningService(options: SigningServiceOptions) {
  const { repository, applications, providers } = options;
  const now = options.now ?? (() => new Date());

  /** The language the contract is drawn up in for this signer: the application's contact language, else theirs. */
  async function languageFor(user: User, application: ApplicationRow): Promise<Locale> {
    const representative = await applications.representative({ personalId: user.personalId, personalIdCountryCode: user.personalIdCountryCode });
    return contractLanguageOf(application, representative?.language);
  }

  /** The contract's PDF as the application stands today: the same facts and day give the same bytes (render-contract). */
  async function drawUp(user: User, application: ApplicationRow, language: Locale): Promise<Buffer> {
    const { facts: verified, discrepancies } = applications.decisionFacts(user, application);
    const facts = contractFactsOf(application, verified, discrepancies, { bankName: options.bankName, now: now(), language });
    return options.render(facts, language);
  }

  /** The contract to sign: stored, since the signature is over these exact bytes and the session names the row. */
  async function contractOf(user: User, application: ApplicationRow): Promise<ContractRow> {
    const language = await languageFor(user, application);
    // The same application version in the same language gives the same contract: trying again signs the same bytes.
    const existing = await repository.contractFor(application.processId, application.version, language);
    if (existing) return existing;
    const document = await drawUp(user, application, language);
    return repository.insertContract({
      processId: application.processId,
      applicationVersion: application.version,
      language,
      document,
      sha256: createHash('sha256').update(document).digest('hex'),
    });
  }

  /**
   * The contract to read before signing. Not stored: every autosave makes a new version, and a stored preview per
   * version grew the database without bound (contracts are evidence and are never deleted). Once signing has
   * started on this version, the stored contract is shown, so the reader sees the very bytes being signed.
   */
  async function previewOf(user: User, application: ApplicationRow): Promise<Buffer> {
    const language = await languageFor(user, application);
    const existing = await repository.contractFor(application.processId, application.version, language);
    return existing?.document ?? drawUp(user, application, language);
  }

  /**
   * Who may sign this application: its applicant, or a board member with an open invitation to sign it too (decision
   * 39), who signs the contract the applicant signed. Anyone else, or an invitation withdrawn, expired or answered, is
   * 404 as for any application not one's own.
   */
  async function signerOf(user: User, processId: string): Promise<{ application: ApplicationRow; invitation?: InvitationRow }> {
    const owned = await ownedOrNone(user, processId);
    if (owned) return { application: owned };
    const invitation = await options.invitations.openFor(processId, user, now());
    const application = invitation ? await applications.find(processId) : undefined;
    if (!invitation || application?.status !== 'AWAITING_SIGNATURES') throw new AppError('NOT_FOUND', 'No such application.');
    return { application, invitation };
  }

  /** The application if it is this user's; undefined (not 404) when it is someone else's or missing. */
  function ownedOrNone(user: User, processId: string): Promise<ApplicationRow | undefined> {
    return applications.owned(user, processId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
      throw error;
    });
  }

  async function writableSession(
    user: User,
    processId: string,
    signingSessionId: string,
  ): Promise<{ application: ApplicationRow | undefined; session: SigningSessionRow }> {
    const missing = () => new AppError('NOT_FOUND', 'No such signing.');
    const owned = await ownedOrNone(user, processId);
    // The applicant's own signings; a board member's are theirs alone.
    if (owned) {
      const session = await repository.findSession(signingSessionId, processId);
      if (!session || session.invitationId) throw missing();
      return { application: owned, session };
    }
    // A board member follows their own signing to its end, even once their invitation has ended (signed, or
    // withdrawn meanwhile: then the signature is refused). Without an invitation to this application, nothing is
    // read of it: a foreign application answers as a missing one does. The application is not theirs to see.
    const invited = await options.invitations.ofPerson(processId, user);
    if (invited.length === 0) throw missing();
    const session = await repository.findSession(signingSessionId, processId);
    if (!session || !invited.some((invitation) => invitation.id === session.invitationId)) throw missing();
    return { application: undefined, session };
  }

  async function fail(session: SigningSessionRow, failureCode: string): Promise<SigningSessionRow> {
    return (await repository.updateRunning(session.id, { status: 'FAILED', failureCode })) ?? session;
  }

  async function contractOfSession(session: SigningSessionRow): Promise<ContractRow> {
    const contract = await repository.findContract(session.contractId);
    if (!contract) throw new Error(`contract ${session.contractId} of signing session ${session.id} is missing`);
    return contract;
  }

  /**
   * The XAdES signature for this signer's certificate: its XML and the hash to sign, kept on the session. Each
   * signature of one container has its own Id: S0 the applicant's, a board member's by their invitation.
   */
  async function prepared(contract: ContractRow, certificate: string, invitationId?: string | null) {
    const signatureId = invitationId ? `S-${invitationId}` : 'S0';
    const { signatureXml, digest } = await options.sealer.prepare(documentOf(contract), certificate, now(), signatureId);
    return { signatureXml, signedInfoHash: digest.toString('base64'), hash: new Uint8Array(digest) };
  }

  function statusOf(session: SigningSessionRow, application?: ApplicationRow): SigningStatusResponse {
    const isChoosingAccount = session.status === 'RUNNING' && session.deviceLink !== null && session.documentNumber === null;
    return {
      state: signingStateOf(session),
      ...(isChoosingAccount ? { isChoosingAccount } : {}),
      ...(session.verificationCode ? { verificationCode: session.verificationCode } : {}),
      ...(session.failureCode ? { failureCode: session.failureCode } : {}),
      ...(session.status === 'SIGNED' && application ? { application: toApplicationView(application) } : {}),
    };
  }

  /** Stores the evidence: the applicant's, or a board member's who signs too (decision 39). */
  function complete(user: User, session: SigningSessionRow, evidence: SignatureEvidence): Promise<SigningStatusResponse> {
    return session.invitationId ? completeCoSignature(session, evidence) : completeApplicantSignature(user, session, evidence);
  }

  /** The transaction's outcome when another write won: refused with its code, nothing of this signature kept. */
  class Refused extends Error {
    constructor(readonly failureCode: string) {
      super(failureCode);
    }
  }

  /**
   * Stores the evidence and writes what it leads to, in one transaction: the submission, or (where the register's
   * rule needs board members to sign too) the wait for their signatures. The application must still be in progress
   * and unchanged since the contract was drawn up; otherwise nothing is written and the session fails.
   */
  async function completeApplicantSignature(user: User, session: SigningSessionRow, evidence: SignatureEvidence): Promise<SigningStatusResponse> {
    const contract = await contractOfSession(session);
    const application = await applications.owned(user, session.processId);
    if (application.status !== 'IN_PROGRESS') return statusOf(await fail(session, 'already_submitted'));
    if (application.version !== contract.applicationVersion) return statusOf(await fail(session, 'contract_changed'));
    const sealed = await options.sealer.seal({
      document: documentOf(contract),
      signatureXml: session.signatureXml ?? '',
      signature: evidence.signature,
      certificate: evidence.certificate,
    });
    if (!sealed.ok) return statusOf(await fail(session, sealed.code));

    const signer = signerOfSession({ ...session, certificate: evidence.certificate, signedAt: new Date(evidence.signingTime) });
    const decisionFacts = applications.decisionFacts(user, application);
    // An applicant who declared a right the register does not give them is submitted flagged, as before (decision 39):
    // the board is not asked to sign beside someone who misstated who they are, and the flagged submission does not
    // lock the real board out of an application of its own.
    const coSigning = hasMisstatedRight(decisionFacts.discrepancies) ? undefined : coSigningOfApplication(application);
    const representative = await applications.representative({ personalId: user.personalId, personalIdCountryCode: user.personalIdCountryCode });
    // The application as read: its version is the contract's (checked above).
    const transition: Transition = coSigning
      ? applicantSigned(application, signer, { actor: actorOf(user), contractId: contract.id, othersNeeded: coSigning.othersNeeded })
      : applicationSubmitted(application, {
          actor: actorOf(user),
          representativeName: `${user.givenName} ${user.surname}`,
          signature: signatureOf(session, contract, evidence),
          decisionFacts,
          submittedAt: now(),
          mailTo: confirmedEmailOf(representative),
          language: contract.language as Locale,
          signers: [signer],
          hasBoardSignatures: false,
          serviceFee: options.serviceFee,
        });
    return store(session, evidence, sealed.container, async (tx) => {
      const written = await applications.write(transition, { within: tx });
      // A change since the contract was drawn up: roll the signature back too.
      if (!written) throw new Refused('contract_changed');
      return { written, transition };
    });
  }

  /**
   * A board member's signature of the applicant's contract, added to its container beside the signatures already in.
   * The last one the register's rule needs submits the application, naming every signer; before that, the record
   * notes it. The application is locked while the container is written, so two board members signing at once each
   * end up in it.
   */
  async function completeCoSignature(session: SigningSessionRow, evidence: SignatureEvidence): Promise<SigningStatusResponse> {
    const contract = await contractOfSession(session);
    const signedSoFar = await repository.currentSigned(session.processId);
    if (!signedSoFar?.container || signedSoFar.contract.id !== contract.id) return statusOf(await fail(session, 'already_submitted'));
    const sealed = await options.sealer.seal({
      document: documentOf(contract),
      signatureXml: session.signatureXml ?? '',
      signature: evidence.signature,
      certificate: evidence.certificate,
      alongside: signaturesOf(signedSoFar.container),
    });
    if (!sealed.ok) return statusOf(await fail(session, sealed.code));
    const signer = signerOfSession({ ...session, certificate: evidence.certificate, signedAt: new Date(evidence.signingTime) });

    return store(session, evidence, sealed.container, async (tx, storeContainer) => {
      const application = await applications.lock(tx, session.processId);
      const coSigning = application && coSigningOfApplication(application);
      if (application?.status !== 'AWAITING_SIGNATURES' || !coSigning) throw new Refused('already_submitted');
      const invitation = await options.invitations.answer(session.invitationId ?? '', { status: 'SIGNED' }, now(), tx);
      if (!invitation) throw new Refused('invitation_closed');
      // Another board member's signature went in since this one was sealed: this one joins the container as it is now.
      const latest = await repository.currentSigned(session.processId, tx, session.id);
      if (latest?.container && latest.signingSessionId !== signedSoFar.signingSessionId) {
        const combined = await options.sealer.combine(documentOf(contract), [...signaturesOf(latest.container), sealed.signatureXml]);
        if (!combined.ok) throw new Refused(combined.code);
        await storeContainer(combined.container);
      }
      // This signature among them: it was stored in this transaction.
      const signers = (await repository.signedSessionsOf(contract.id, tx)).map(signerOfSession);
      const [first] = signers;
      const isComplete = hasEnoughSignatures(coSigning, signers.slice(1));
      if (!isComplete || !first) {
        const transition = coSigned(application, signer, invitation.id);
        await applications.write(transition, { within: tx });
        return { written: undefined, transition };
      }
      const applicant = await applications.representative({ personalId: first.personalId, personalIdCountryCode: first.personalIdCountryCode }, tx);
      const [givenName = '', ...surnames] = first.name.split(' ');
      const applicantUser = { personalId: first.personalId, personalIdCountryCode: first.personalIdCountryCode, givenName, surname: surnames.join(' ') };
      const transition = applicationSubmitted(application, {
        actor: `${signer.personalIdCountryCode}${signer.personalId}`,
        representativeName: first.name,
        signature: signatureOf(session, contract, evidence),
        decisionFacts: applications.decisionFacts(applicantUser, application),
        submittedAt: now(),
        mailTo: confirmedEmailOf(applicant),
        language: contract.language as Locale,
        signers,
        hasBoardSignatures: true,
        serviceFee: options.serviceFee,
      });
      const written = await applications.write(transition, { within: tx });
      if (!written) throw new Refused('already_submitted');
      return { written, transition };
    });
  }

  /**
   * Marks the session signed with its evidence and container and runs `then` in the same transaction: what the
   * signature leads to. `then` may replace the container (storeContainer) or refuse (Refused): then nothing is kept and
   * the session fails with the code. A unique-index conflict is another signature of the same person that won.
   */
  async function store(
    session: SigningSessionRow,
    evidence: SignatureEvidence,
    container: Uint8Array,
    then: (tx: Executor, storeContainer: (container: Uint8Array) => Promise<void>) => Promise<{ written: ApplicationRow | undefined; transition: Transition }>,
  ): Promise<SigningStatusResponse> {
    const outcome = await repository.db
      .transaction(async (tx) => {
        const signed = await repository.markSigned(tx, session.id, {
          signature: evidence.signature,
          signatureAlgorithm: evidence.signatureAlgorithm,
          certificate: evidence.certificate,
          signedAt: new Date(evidence.signingTime),
          container: Buffer.from(container),
        });
        if (!signed) return undefined;
        let stored = signed;
        const result = await then(tx, async (replacement) => {
          stored = (await repository.replaceContainer(tx, session.id, Buffer.from(replacement))) ?? stored;
        });
        return { signed: stored, ...result };
      })
      .catch((error: unknown) => {
        if (error instanceof Refused) return error;
        // The unique index on signed sessions: another signature of this person got in first.
        if (isUniqueViolation(error)) return new Refused('already_submitted');
        throw error;
      });

    if (outcome instanceof Refused) return statusOf(await fail(session, outcome.failureCode));
    if (!outcome) return statusOf((await repository.findSession(session.id, session.processId)) ?? session);
    // The mails and the event left with the transition; tell their senders not to wait for the next round.
    applications.wake(outcome.transition);
    // The application is the applicant's to see; a board member who signed too gets the signing's state only.
    return statusOf(outcome.signed, session.invitationId ? undefined : outcome.written);
  }

  /**
   * One status request of a Smart-ID account choice by QR code or app link. Once chosen (by the signed-in
   * person's own certificate: pollCertificateChoice checks it), the SignedInfo is drawn up for that certificate
   * and the signature asked by a linked notification: the app that is open asks PIN2 at once, with no code.
   */
  async function advanceAccountChoice(session: SigningSessionRow, personalId: string): Promise<SigningSessionRow> {
    const providerSessionId = session.providerSessionId ?? '';
    const choice = await providers.SMART_ID.pollCertificateChoice({ providerSessionId, personalId, timeoutMs: STATUS_LONG_POLL_MS });
    if (choice.status === 'RUNNING') return session;
    options.accountChoice.forget(session.id);
    // Someone else's account chosen on the phone is, to the person, an invalid certificate, as someone else's card is.
    if (choice.status === 'FAILED') return fail(session, failureCodeOf({ code: choice.code, reason: choice.detail ?? '' }));
    const { certificate, documentNumber = '' } = choice.signingCertificate;
    const claimed = await repository.claimAccountChoice(session.id, { documentNumber, certificate });
    // Taken up by the other caller a moment ago: its signature is the one the phone asks for.
    if (!claimed) return (await repository.findSession(session.id, session.processId)) ?? session;
    try {
      const { hash, ...signature } = await prepared(await contractOfSession(session), certificate, session.invitationId);
      const started = await providers.SMART_ID.startLinkedSignature({
        personalId,
        documentNumber,
        linkedSessionId: providerSessionId,
        hash,
        hashType: CONTRACT_HASH_TYPE,
      });
      return (await repository.updateRunning(session.id, { providerSessionId: started.providerSessionId, ...signature })) ?? claimed;
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      return fail(session, error.code);
    }
  }

  /** The applicant's contract, drawn up from the application as it is now: complete, on fresh register facts. */
  async function applicantContract(user: User, owned: ApplicationRow): Promise<ContractRow> {
    const { processId } = owned;
    if (owned.status !== 'IN_PROGRESS') throw new AppError('CONFLICT', 'The application has already been submitted.');
    // The contract is drawn up only on register facts fresh enough to sign on.
    const application = await applications.withFreshRegisterFacts(user, processId);
    const review = await applications.review(user, processId);
    if (!review.isComplete) throw new AppError('CONFLICT', 'The application is not complete.');
    // Signing waits for the persons asked to give their own details, until they answer or the request is withdrawn.
    if ((await options.invitations.openRequests(processId, now())).length > 0)
      throw new AppError('CONFLICT', 'Details requested from a related person are not in yet.');
    return contractOf(user, application);
  }

  /** A board member signs the very contract the applicant signed: the one the invitation names. */
  async function invitedContract(invitation: InvitationRow): Promise<ContractRow> {
    const contract = invitation.contractId ? await repository.findContract(invitation.contractId) : undefined;
    if (!contract) throw new Error(`contract ${invitation.contractId} of invitation ${invitation.id} is missing`);
    return contract;
  }

  async function handlePoll(user: User, session: SigningSessionRow, result: SigningPollResult): Promise<SigningStatusResponse> {
    if (result.status === 'RUNNING') return statusOf(session);
    if (result.status === 'FAILED') return statusOf(await fail(session, result.code));
    return complete(user, session, result.evidence);
  }

  return {
    async start(user: User, processId: string, typed: StartSigningRequest): Promise<StartSigningResponse> {
      // A Mobile-ID number as Mobile-ID takes it, however it was typed (the schema let through only one it reads).
      const request: StartSigningRequest =
        typed.method === 'MOBILE_ID' ? { ...typed, phoneNumber: mobileIdPhoneNumber(typed.phoneNumber) ?? typed.phoneNumber } : typed;
      const { application, invitation } = await signerOf(user, processId);
      const contract = invitation ? await invitedContract(invitation) : await applicantContract(user, application);
      const base = { processId, contractId: contract.id, method: request.method, personalId: user.personalId, invitationId: invitation?.id ?? null };

      if (request.method === 'ID_CARD') {
        const certificate = validateIdCardSigningCertificate({
          certificate: request.certificate,
          trustAnchors: options.idCardTrustAnchors,
          expectedPersonalId: user.personalId,
          now: now(),
        });
        if (!certificate.ok) {
          const session = await repository.insertSession({
            ...base,
            certificate: request.certificate,
            status: 'FAILED',
            failureCode: failureCodeOf(certificate),
          });
          return { signingSessionId: session.id, hash: '', hashType: CONTRACT_HASH_TYPE };
        }
        const { hash, ...signature } = await prepared(contract, request.certificate, invitation?.id);
        const session = await repository.insertSession({ ...base, certificate: request.certificate, ...signature });
        return { signingSessionId: session.id, hash: Buffer.from(hash).toString('base64'), hashType: CONTRACT_HASH_TYPE };
      }

      const session = await repository.insertSession({ ...base, ...(request.method === 'MOBILE_ID' ? { phoneNumber: request.phoneNumber } : {}) });
      try {
        const knownDevice = request.method === 'SMART_ID' && user.sid ? await options.smartIdDeviceOf?.(user.sid) : undefined;
        if (request.method === 'SMART_ID' && knownDevice) {
          // The device the person signed in with: its certificate by document number, no action on the phone, then PIN2 there.
          const { certificate } = await providers.SMART_ID.signingCertificate({ personalId: user.personalId, documentNumber: knownDevice });
          const { hash, ...signature } = await prepared(contract, certificate, invitation?.id);
          const started = await providers.SMART_ID.startSignature({
            personalId: user.personalId,
            documentNumber: knownDevice,
            hash,
            hashType: CONTRACT_HASH_TYPE,
          });
          const verificationCode = started.verificationCode ?? smartIdVerificationCode(hash);
          await repository.updateRunning(session.id, {
            providerSessionId: started.providerSessionId,
            documentNumber: knownDevice,
            certificate,
            verificationCode,
            ...signature,
          });
          return { signingSessionId: session.id, verificationCode };
        }
        if (request.method === 'SMART_ID') {
          // No Smart-ID sign-in: the person chooses the account by QR code or app link, and (in status) the signature
          // follows on that phone by a linked notification, over a SignedInfo that names the chosen certificate.
          const language = request.language ?? (contract.language as Locale);
          const choice = await options.accountChoice.start(session, request.flow ?? 'QR', language);
          await repository.updateRunning(session.id, { providerSessionId: choice.providerSessionId, deviceLink: choice.stored });
          return { signingSessionId: session.id, ...choice.answer };
        }
        const { certificate } = await providers.MOBILE_ID.signingCertificate({ personalId: user.personalId, phoneNumber: request.phoneNumber });
        const { hash, ...signature } = await prepared(contract, certificate, invitation?.id);
        const verificationCode = mobileIdVerificationCode(hash);
        const { providerSessionId } = await providers.MOBILE_ID.startSignature({
          personalId: user.personalId,
          phoneNumber: request.phoneNumber,
          hash,
          hashType: CONTRACT_HASH_TYPE,
          // The phone speaks the person's UI language; else the contract's.
          locale: request.language ?? (contract.language as Locale),
        });
        await repository.updateRunning(session.id, { providerSessionId, certificate, verificationCode, ...signature });
        return { signingSessionId: session.id, verificationCode };
      } catch (error) {
        if (!(error instanceof IdentityError)) throw error;
        await fail(session, error.code);
        return { signingSessionId: session.id };
      }
    },

    /** One status call: for Smart-ID and Mobile-ID it asks the identity service once, long-polling up to a second. */
    async status(user: User, processId: string, signingSessionId: string): Promise<SigningStatusResponse> {
      const { application, session } = await writableSession(user, processId, signingSessionId);
      if (session.status !== 'RUNNING' || session.method === 'ID_CARD') return statusOf(session, application);
      const providerSessionId = session.providerSessionId ?? '';

      if (session.method === 'SMART_ID' && !session.documentNumber) return statusOf(await advanceAccountChoice(session, user.personalId));
      // Chosen, and the linked signature being asked for by the call that took the choice up: nothing to poll yet.
      if (session.method === 'SMART_ID' && !session.signedInfoHash) return statusOf(session);

      const provider = session.method === 'SMART_ID' ? providers.SMART_ID : providers.MOBILE_ID;
      const result = await provider.pollSignature({
        providerSessionId,
        personalId: user.personalId,
        hash: hashOf(session),
        hashType: CONTRACT_HASH_TYPE,
        certificate: session.certificate ?? '',
        timeoutMs: STATUS_LONG_POLL_MS,
      });
      return handlePoll(user, session, result);
    },

    /**
     * The Smart-ID app's return after the account was chosen on this phone (Web2App): checked and spent once,
     * then the choice is taken up here, so PIN2 is asked while the person is still in the app, even if the tab
     * that started the signing sleeps in the background. It gives nothing to the caller: the signature still
     * needs PIN2 on the person's own account, and the tab that started it submits.
     */
    async smartIdReturn(input: SigningReturnRequest): Promise<void> {
      const session = await repository.findSessionById(input.signingSessionId);
      if (!session || session.method !== 'SMART_ID' || session.deviceLink?.flow !== 'Web2App') throw new AppError('NOT_FOUND', 'No signing to return to.');
      const isGenuine = options.accountChoice.isGenuineReturn(session, input);
      // Spent even when the checks fail: a return address is tried once.
      if (!(await repository.spendReturnValue(session.id)) || !isGenuine) throw new AppError('NOT_FOUND', 'No signing to return to.');
      // The tab that started may have taken up the choice first; a signing that ended has nothing to go on with.
      if (session.status === 'RUNNING' && !session.documentNumber) await advanceAccountChoice(session, session.personalId);
      else if (session.status !== 'RUNNING' && session.status !== 'SIGNED') throw new AppError('NOT_FOUND', 'No signing to return to.');
    },

    /** A QR code's link for this second while the person chooses the Smart-ID account; asked every second. */
    async deviceLink(user: User, processId: string, signingSessionId: string, language: Locale): Promise<{ deviceLink: string }> {
      const deviceLink = await options.accountChoice.deviceLink(
        signingSessionId,
        { personalId: user.personalId, processId },
        language,
        // Someone else's signing is missing to this person, as for every signing call.
        async () => (await writableSession(user, processId, signingSessionId)).session,
      );
      if (!deviceLink) throw new AppError('NOT_FOUND', 'No QR code to show for this signing.');
      return { deviceLink };
    },

    /**
     * ID-card: the card's signature over the hash this session gave out; a session takes one signature only. The
     * same signature again is a retry whose answer was lost (an instance that died after committing, a dropped
     * connection): it gets the same answer, SIGNED, and nothing is written twice.
     */
    async idCardSignature(user: User, processId: string, signingSessionId: string, signature: string): Promise<SigningStatusResponse> {
      const { application, session } = await writableSession(user, processId, signingSessionId);
      if (session.method !== 'ID_CARD') throw new AppError('NOT_FOUND', 'No such ID-card signing.');
      if (session.status === 'SIGNED' && session.signature === signature) return statusOf(session, application);
      if (session.status !== 'RUNNING') throw new AppError('CONFLICT', 'This signing has already ended.');
      const validation = validateIdCardSignature({
        certificate: session.certificate ?? '',
        expectedCertificate: session.certificate ?? '',
        signature,
        hash: hashOf(session),
        hashType: CONTRACT_HASH_TYPE,
        trustAnchors: options.idCardTrustAnchors,
        expectedPersonalId: user.personalId,
        now: now(),
      });
      if (!validation.ok) return statusOf(await fail(session, failureCodeOf(validation)));
      return complete(user, session, validation.evidence);
    },

    async cancel(user: User, processId: string, signingSessionId: string): Promise<void> {
      const { session } = await writableSession(user, processId, signingSessionId);
      options.accountChoice.forget(session.id);
      await repository.updateRunning(session.id, { status: 'CANCELLED', failureCode: 'user_cancelled' });
    },

    /**
     * The contract as a PDF: once submitted, the current signed one; before
     * that, the one the current application gives, so the representative reads
     * exactly what they are about to sign.
     */
    async contract(user: User, processId: string): Promise<{ document: Buffer; filename: string }> {
      const { application: owned, invitation } = await signerOf(user, processId);
      // A board member asked to sign too reads the very contract the applicant signed.
      if (invitation) return { document: (await invitedContract(invitation)).document, filename: contractFileName(processId) };
      if (owned.status === 'IN_PROGRESS') {
        const application = await applications.withFreshRegisterFacts(user, processId);
        const review = await applications.review(user, processId);
        if (!review.isComplete) throw new AppError('CONFLICT', 'The application is not complete.');
        return { document: await previewOf(user, application), filename: contractFileName(processId) };
      }
      const contract = (await repository.currentSigned(owned.processId))?.contract ?? (await repository.lastDrawnUp(owned.processId));
      if (!contract) throw new AppError('NOT_FOUND', 'No contract has been drawn up.');
      return { document: contract.document, filename: contractFileName(processId) };
    },

    /** The signed contract as an ASiC-E container, once the application is submitted. */
    async signedContainer(user: User, processId: string): Promise<{ container: Buffer; filename: string }> {
      const owned = await applications.owned(user, processId);
      const container = owned.status === 'IN_PROGRESS' ? undefined : ((await repository.currentSigned(owned.processId))?.container ?? undefined);
      if (!container) throw new AppError('NOT_FOUND', 'The contract has not been signed.');
      return { container, filename: containerFileName(processId) };
    },
  };
}

export type SigningService = ReturnType<typeof createSigningService>;
