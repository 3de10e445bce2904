import type { Locale } from '@onboarding/domain';

/**
 * The contract between the sign-in server (modules/auth) and the identity
 * services. Smart-ID and Mobile-ID sit behind one interface
 * (docs/style.md habit 6); the simulators are reached through the same clients
 * over HTTP.
 */

/** A person as the identity service's certificate names them; never taken from the request. */
export type AuthenticatedPerson = {
  /** 11-digit Estonian personal code from the certificate subject's serialNumber (PNOEE-…). */
  personalId: string;
  countryCode: 'EE';
  givenName: string;
  surname: string;
};

/** The lowercase sign-in failure codes of docs/requirements.md section 8. */
export const SIGN_IN_FAILURE_CODES = [
  'timeout',
  'user_not_found',
  'user_cancelled',
  'phone_absent',
  'delivery_error',
  'sim_error',
  'document_unusable',
  'no_certificate',
  'invalid_certificate',
  'unexpected',
  // The signing certificate's OCSP status could not be had: the responder was down, slow, refused or answered something that does not verify.
  'ocsp_unavailable',
  // The time-stamping authority was down, slow or answered something that does not verify.
  'timestamp_unavailable',
] as const;
export type SignInFailureCode = (typeof SIGN_IN_FAILURE_CODES)[number];

/** A start or status call that failed for a reason the user must be told about. */
export class IdentityError extends Error {
  constructor(
    readonly code: SignInFailureCode,
    message: string = code,
  ) {
    super(message);
    this.name = 'IdentityError';
  }
}

/** detail: for logs only (e.g. SK's endResult or the certificate check that failed); never shown to the user. */
export type PollFailure = { status: 'FAILED'; code: SignInFailureCode; detail?: string };

/** One status request's outcome: still running, complete with T, or failed. */
export type PollResult<T extends object> = { status: 'RUNNING' } | ({ status: 'COMPLETE' } & T) | PollFailure;

/** documentNumber: Smart-ID's account the person confirmed on, which signing can then ask by notification. */
export type IdentityPollResult = PollResult<{ person: AuthenticatedPerson; documentNumber?: string }>;

export type MobileIdentityMethod = 'SMART_ID' | 'MOBILE_ID';

export type HashType = 'SHA256' | 'SHA384' | 'SHA512';

export type StartAuthenticationInput = {
  personalId: string;
  /** Mobile-ID only: the phone number as the user typed it (+372…). */
  phoneNumber?: string;
  /** The hash the user signs with PIN1; the verification code shown to the user derives from it. */
  hash: Uint8Array;
  hashType: HashType;
  /** Mobile-ID: the person's UI language, for the phone prompt and its text; default Estonian. */
  locale?: Locale;
};

export type PollAuthenticationInput = {
  providerSessionId: string;
  hash: Uint8Array;
  hashType: HashType;
  timeoutMs: number;
  /**
   * The personal code the session was started for; the certificate must name
   * it (docs/eid-facts.md section 4.3). The caller keeps it with the sign-in in
   * the database, so any instance can poll.
   */
  personalId: string;
};

export type MobileIdentityProvider = {
  method: MobileIdentityMethod;
  /** Starts a PIN1 authentication; throws IdentityError (e.g. user_not_found) when the service refuses at once. */
  start(input: StartAuthenticationInput): Promise<{ providerSessionId: string }>;
  /**
   * One status request, long-polling at most timeoutMs. A COMPLETE result has
   * been validated as SK's clients do (docs/eid-facts.md section 4): the
   * signature over this hash, the certificate chain, validity and level.
   */
  poll(input: PollAuthenticationInput): Promise<IdentityPollResult>;
};

/*
 * Signing with PIN2 (docs/requirements.md section 4, "Signing states"). The
 * signing certificate comes first, because the data to be signed (e.g. an AdES
 * signature's signed properties) names it; then the hash of that data is
 * signed with PIN2 and the answer is validated before it is returned.
 */

/** A signing certificate that has been validated: trusted, valid now, nonRepudiation, naming the expected person. */
export type SigningCertificate = {
  /** Base64 DER. */
  certificate: string;
  /** Smart-ID only: the account holding it, for signature/notification/document/{documentNumber} (docs/eid-facts.md section 1.9). */
  documentNumber?: string;
  signer: AuthenticatedPerson;
};

/** What a completed, validated signature leaves behind as evidence. */
export type SignatureEvidence = {
  /** Base64 signature value: RSA PKCS#1 v1.5 over DigestInfo||hash, or ECDSA raw r||s over the hash. */
  signature: string;
  /** The algorithm the signature was verified with, named as in RFC 5754 (sha256WithRSAEncryption, ecdsa-with-SHA256, ...). */
  signatureAlgorithm: string;
  /** Base64 DER signing certificate. */
  certificate: string;
  hashType: HashType;
  /** When the signature was verified (ISO 8601, UTC); SK's answers carry no trustworthy signing time. */
  signingTime: string;
  signer: AuthenticatedPerson;
};

export type StartSignatureInput = {
  personalId: string;
  /** Mobile-ID only: the phone number (+372…). */
  phoneNumber?: string;
  /** Smart-ID: the document number from certificate choice; without it the person's accounts are asked by personal code. */
  documentNumber?: string;
  /** The digest to sign with PIN2; the verification code shown to the user derives from it. */
  hash: Uint8Array;
  hashType: HashType;
  /** Shown with the PIN2 prompt instead of the client's configured text. */
  displayText?: string;
  /** Mobile-ID: the person's UI language, for the phone prompt and its text; default Estonian. */
  locale?: Locale;
};

export type PollSignatureInput = {
  providerSessionId: string;
  /** The personal code the signing was started for; the certificate must name it. */
  personalId: string;
  /** The hash that was sent and kept; a hash echoed by the service is never trusted. */
  hash: Uint8Array;
  hashType: HashType;
  /**
   * Base64 DER certificate from the certificate step, which the signed data
   * names. Mobile-ID answers carry no certificate, so the signature is checked
   * with this one; a Smart-ID answer must carry this same certificate.
   */
  certificate: string;
  timeoutMs: number;
};

export type SigningPollResult = PollResult<{ evidence: SignatureEvidence }>;
export type CertificateChoicePollResult = PollResult<{ signingCertificate: SigningCertificate }>;

/** Signing with PIN2 through Smart-ID or Mobile-ID. */
export type SigningProvider = {
  method: MobileIdentityMethod;
  /**
   * Starts a PIN2 signature of the hash; throws IdentityError (e.g. user_not_found) when the service refuses at once.
   * verificationCode: the code to show when the service chose it (Smart-ID v3 answers it, docs/eid-facts.md section 1.9);
   * absent, the caller derives it from the hash.
   */
  startSignature(input: StartSignatureInput): Promise<{ providerSessionId: string; verificationCode?: string }>;
  /**
   * One status request, long-polling at most timeoutMs. A COMPLETE result has
   * been validated: the signature over this hash with the signing
   * certificate, the chain, validity, nonRepudiation and the person.
   */
  pollSignature(input: PollSignatureInput): Promise<SigningPollResult>;
};

/**
 * A certificate choice by device link (signature/certificate-choice/device-link/anonymous), the first half of
 * linked signing (docs/eid-facts.md section 1.10): what the server keeps to draw its links; sessionSecret never
 * leaves the server.
 */
export type CertificateChoiceLink = {
  providerSessionId: string;
  sessionToken: string;
  sessionSecret: string;
  deviceLinkBase: string;
  flow: 'QR' | 'Web2App';
  /** Web2App only: where the app returns the person after choosing the account. */
  initialCallbackUrl?: string;
  createdAtMs: number;
};

export type SmartIdSigningProvider = SigningProvider & {
  method: 'SMART_ID';
  /**
   * Starts a certificate choice by QR code or app link; the person is not known to Smart-ID beforehand, so the
   * chosen certificate must name the signed-in person (pollCertificateChoice checks it). Throws IdentityError.
   */
  startDeviceLinkCertificateChoice(input: { flow: 'QR' | 'Web2App'; initialCallbackUrl?: string; now?: number }): Promise<CertificateChoiceLink>;
  /** The link to show now (sessionType=cert; pure: an HMAC); QR links carry the whole seconds since the session was created. */
  certificateChoiceLink(session: CertificateChoiceLink, input: { lang: 'est' | 'eng' | 'rus'; nowMs: number }): string;
  /**
   * The PIN2 signature that follows a completed device-link certificate choice on the same phone
   * (signature/notification/linked/{documentNumber} with linkedSessionID): no verification code is shown.
   * Throws IdentityError. The answer is polled with pollSignature.
   */
  startLinkedSignature(input: {
    personalId: string;
    documentNumber: string;
    linkedSessionId: string;
    hash: Uint8Array;
    hashType: HashType;
    displayText?: string;
  }): Promise<{ providerSessionId: string }>;
  /** One status request of the certificate choice; COMPLETE carries the validated signing certificate and its document number. */
  pollCertificateChoice(input: { providerSessionId: string; personalId: string; timeoutMs: number }): Promise<CertificateChoicePollResult>;
  /**
   * The validated signing certificate of a known account (signature/certificate/{documentNumber}), with no
   * action by the person. Throws IdentityError: user_not_found when the account is unknown, document_unusable,
   * invalid_certificate or unexpected.
   */
  signingCertificate(input: { documentNumber: string; personalId: string }): Promise<SigningCertificate>;
};

export type MobileIdSigningProvider = SigningProvider & {
  method: 'MOBILE_ID';
  /**
   * The person's validated signing certificate (POST /certificate). Throws
   * IdentityError: user_not_found for NOT_FOUND or NOT_ACTIVE,
   * invalid_certificate or unexpected when the certificate fails validation.
   */
  signingCertificate(input: { personalId: string; phoneNumber: string }): Promise<SigningCertificate>;
};

export type SigningProviders = { SMART_ID: SmartIdSigningProvider; MOBILE_ID: MobileIdSigningProvider };
