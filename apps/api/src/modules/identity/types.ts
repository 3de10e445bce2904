/**
 * The contract between the sign-in server (modules/auth) and the identity
 * services. Smart-ID and Mobile-ID sit behind one interface (STYLE.md habit 6);
 * the simulators are reached through the same clients over HTTP.
 */

/** A person as the identity service's certificate names them; never taken from the request. */
export type AuthenticatedPerson = {
  /** 11-digit Estonian personal code from the certificate subject's serialNumber (PNOEE-…). */
  personalId: string;
  countryCode: 'EE';
  givenName: string;
  surname: string;
};

/** The lowercase sign-in failure codes of SPEC.md section 8. */
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

export type IdentityPollResult =
  | { status: 'RUNNING' }
  | { status: 'COMPLETE'; person: AuthenticatedPerson }
  /** detail: for logs only (e.g. SK's endResult or the certificate check that failed); never shown to the user. */
  | { status: 'FAILED'; code: SignInFailureCode; detail?: string };

export type MobileIdentityMethod = 'SMART_ID' | 'MOBILE_ID';

export type HashType = 'SHA256' | 'SHA384' | 'SHA512';

export type StartAuthenticationInput = {
  personalId: string;
  /** Mobile-ID only: the phone number as the user typed it (+372…). */
  phoneNumber?: string;
  /** The hash the user signs with PIN1; the verification code shown to the user derives from it. */
  hash: Uint8Array;
  hashType: HashType;
};

export type PollAuthenticationInput = {
  providerSessionId: string;
  hash: Uint8Array;
  hashType: HashType;
  timeoutMs: number;
  /**
   * The personal code the session was started for; the certificate must name
   * it (EID-FACTS.md section 4.3). The caller keeps it with the sign-in in the
   * database, so any instance can poll.
   */
  personalId: string;
};

export type MobileIdentityProvider = {
  method: MobileIdentityMethod;
  /** Starts a PIN1 authentication; throws IdentityError (e.g. user_not_found) when the service refuses at once. */
  start(input: StartAuthenticationInput): Promise<{ providerSessionId: string }>;
  /**
   * One status request, long-polling at most timeoutMs. A COMPLETE result has
   * been validated as SK's clients do (EID-FACTS.md section 4): the signature
   * over this hash, the certificate chain, validity and level.
   */
  poll(input: PollAuthenticationInput): Promise<IdentityPollResult>;
};
