import { ID_CARD_PLUGIN_ERRORS, type IdCardPluginError } from '@onboarding/domain';

/**
 * What an ID-card signing can fail with: the hwcrypto.js error strings of
 * docs/requirements.md section 8 (docs/eid-facts.md section 5.2), and pin_blocked, which
 * the hwcrypto API specification lists for sign() though hwcrypto.js has no constant for
 * it.
 */
export const ID_CARD_ERROR_CODES = [...ID_CARD_PLUGIN_ERRORS, 'pin_blocked'] as const;
export type IdCardErrorCode = IdCardPluginError | 'pin_blocked';

const isIdCardErrorCode = (value: unknown): value is IdCardErrorCode => typeof value === 'string' && (ID_CARD_ERROR_CODES as readonly string[]).includes(value);

/** A rejected ID-card call; like hwcrypto.js, its message is the code. */
export class IdCardError extends Error {
  override readonly name = 'IdCardError';
  readonly code: IdCardErrorCode;

  constructor(code: IdCardErrorCode) {
    super(code);
    this.code = code;
  }
}

/** The code of anything an ID-card call rejected with; what is not ours is technical_error, as hwcrypto.js reports unknown failures. */
export const idCardErrorCodeOf = (error: unknown): IdCardErrorCode => {
  if (error instanceof IdCardError) return error.code;
  const message = error instanceof Error ? error.message : undefined;
  return isIdCardErrorCode(message) ? message : 'technical_error';
};

/** The hash the server gives to sign, as startSigningResponseSchema has it. */
export type SigningDigest = { hash: string; hashType: 'SHA256' };

export type IdCardCallOptions = {
  /** The page's language, for the dialogs of the ID-card software. */
  lang: string;
};

/**
 * The browser's ID-card signing interface, in the shape hwcrypto.js and Web
 * eID share (docs/eid-facts.md sections 5.1 step 6 and 5.2): read the signing
 * certificate, then sign the server's hash with it (PIN2). Both reject with
 * an IdCardError.
 */
export type IdCardSigner = {
  /** The card's signing certificate, base64 DER. */
  getSigningCertificate: (options: IdCardCallOptions) => Promise<{ certificate: string }>;
  /** The card's signature over the hash (base64); ECDSA signatures are raw r‖s. */
  sign: (certificate: string, digest: SigningDigest, options: IdCardCallOptions) => Promise<{ signature: string }>;
};

type PageLocation = Pick<Location, 'protocol' | 'hostname'>;

/**
 * docs/requirements.md section 5: ID-card signing requires https (or file), as
 * hwcrypto.js demands (its "dummy security check",
 * docs/eid-facts.md section 5.2). Plain http is refused even on localhost,
 * though Web eID alone would count localhost as a secure context. The simulated
 * card reader involves no browser crypto and is not held to this rule
 * (signing-environment.ts).
 */
export const isSigningAllowedAt = (location: PageLocation): boolean => location.protocol === 'https:' || location.protocol === 'file:';

/** The signer, refusing both calls with not_allowed where the page's address does not allow ID-card signing. */
export function requireSecurePage(signer: IdCardSigner, location: PageLocation = window.location): IdCardSigner {
  const refuse = () => Promise.reject(new IdCardError('not_allowed'));
  return {
    getSigningCertificate: (options) => (isSigningAllowedAt(location) ? signer.getSigningCertificate(options) : refuse()),
    sign: (certificate, digest, options) => (isSigningAllowedAt(location) ? signer.sign(certificate, digest, options) : refuse()),
  };
}
