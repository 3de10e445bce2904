import { constants, createHash, verify, type X509Certificate } from 'node:crypto';
import { decodeBase64 } from './base64.js';
import { parseCertificate } from './certificate-parsing.js';
import { parseTrustAnchors } from './certificate-parsing.js';
import { validateIdCardCertificate, validateSigningCertificate, type CertificateRejection } from './certificate-validation.js';
import type { AuthenticatedPerson } from './types.js';

/** One signing certificate a Web eID 1.1 token carries, with the algorithms its key signs with (docs/eid-facts.md section 1.11). */
export type WebEidSigningCertificate = {
  certificate: string;
  supportedSignatureAlgorithms: readonly { cryptoAlgorithm: string; hashFunction: string; paddingScheme: string }[];
};

/** Web eID's authentication token (docs/eid-facts.md section 5.1 step 4; format 1.1 in section 1.11). */
export type WebEidAuthToken = {
  unverifiedCertificate: string;
  algorithm: string;
  signature: string;
  format: string;
  /** Format web-eid:1.1 only: the card's signing certificates, checked before the token is accepted. */
  unverifiedSigningCertificates?: readonly WebEidSigningCertificate[] | undefined;
};

/*
 * The formats this product knows, exactly. The Web eID libraries take any
 * format that starts with web-eid:1 (docs/eid-facts.md section 5.1 step 4);
 * we name each minor version, because 1.1 brought fields that must be checked,
 * and a later one may too: until it is known, it is refused.
 */
const FORMAT_1_0 = ['web-eid:1', 'web-eid:1.0'];
const FORMAT_1_1 = 'web-eid:1.1';
const isKnownFormat = (format: string): boolean => FORMAT_1_0.includes(format) || format === FORMAT_1_1;

// Web eID's names (docs/eid-facts.md section 5.1 step 6).
const CRYPTO_ALGORITHMS = new Set(['ECC', 'RSA']);
const HASH_FUNCTIONS = new Set(['SHA-224', 'SHA-256', 'SHA-384', 'SHA-512', 'SHA3-224', 'SHA3-256', 'SHA3-384', 'SHA3-512']);
const PADDING_SCHEMES = new Set(['NONE', 'PKCS1.5', 'PSS']);

type Algorithm = { hash: 'sha256' | 'sha384' | 'sha512'; key: 'ec' | 'rsa' | 'rsa-pss' };

const ALGORITHMS: Record<string, Algorithm> = {
  ES256: { hash: 'sha256', key: 'ec' },
  ES384: { hash: 'sha384', key: 'ec' },
  ES512: { hash: 'sha512', key: 'ec' },
  RS256: { hash: 'sha256', key: 'rsa' },
  RS384: { hash: 'sha384', key: 'rsa' },
  RS512: { hash: 'sha512', key: 'rsa' },
  PS256: { hash: 'sha256', key: 'rsa-pss' },
  PS384: { hash: 'sha384', key: 'rsa-pss' },
  PS512: { hash: 'sha512', key: 'rsa-pss' },
};

/** Why a 1.1 token's signing certificates refuse the whole token. */
export type SigningCertificateProblem =
  'missing' | 'unknown_algorithm' | 'subject_differs' | 'issuer_differs' | Exclude<CertificateRejection, 'signature_mismatch' | 'certificate_mismatch'>;

export type WebEidTokenRejection = CertificateRejection | 'unsupported_token' | `signing_certificate_${SigningCertificateProblem}`;

export type WebEidTokenValidation =
  { ok: true; person: AuthenticatedPerson } | { ok: false; code: 'invalid_certificate' | 'unexpected'; reason: WebEidTokenRejection };

const verifySignature = (certificate: X509Certificate, algorithm: Algorithm, data: Buffer, signature: Buffer): boolean => {
  const key = certificate.publicKey;
  const keyType = key.asymmetricKeyType === 'ec' ? 'ec' : 'rsa';
  if ((algorithm.key === 'ec') !== (keyType === 'ec')) return false;
  try {
    if (algorithm.key === 'ec') return verify(algorithm.hash, data, { key, dsaEncoding: 'ieee-p1363' }, signature);
    const padding = algorithm.key === 'rsa-pss' ? constants.RSA_PKCS1_PSS_PADDING : constants.RSA_PKCS1_PADDING;
    return verify(algorithm.hash, data, { key, padding, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }, signature);
  } catch {
    return false;
  }
};

const isKnownAlgorithm = (algorithm: WebEidSigningCertificate['supportedSignatureAlgorithms'][number]): boolean =>
  CRYPTO_ALGORITHMS.has(algorithm.cryptoAlgorithm) && HASH_FUNCTIONS.has(algorithm.hashFunction) && PADDING_SCHEMES.has(algorithm.paddingScheme);

/**
 * A 1.1 token's signing certificates, each checked as the official
 * validators check them (docs/eid-facts.md section 1.11): the subject and the
 * issuer of the authentication certificate, valid now, nonRepudiation, issued
 * by a trusted CA, and known signature algorithms. Null when all pass; the
 * first problem otherwise, which refuses the whole token.
 */
const signingCertificateProblem = (
  token: WebEidAuthToken,
  authentication: X509Certificate,
  person: AuthenticatedPerson,
  trustAnchors: readonly string[],
  now: Date | undefined,
): SigningCertificateProblem | null => {
  const entries = token.unverifiedSigningCertificates ?? [];
  if (entries.length === 0) return 'missing';
  const anchors = parseTrustAnchors(trustAnchors);
  for (const entry of entries) {
    if (entry.supportedSignatureAlgorithms.length === 0 || !entry.supportedSignatureAlgorithms.every(isKnownAlgorithm)) return 'unknown_algorithm';
    const der = decodeBase64(entry.certificate);
    const certificate = der === null ? null : parseCertificate(der);
    if (der === null || certificate === null) return 'malformed';
    if (certificate.subject !== authentication.subject) return 'subject_differs';
    if (certificate.issuer !== authentication.issuer) return 'issuer_differs';
    const checked = validateSigningCertificate({
      certificate: der,
      trustAnchors: anchors,
      expectedPersonalId: person.personalId,
      ...(now === undefined ? {} : { now }),
    });
    if (!checked.ok) return checked.reason === 'signature_mismatch' || checked.reason === 'certificate_mismatch' ? 'malformed' : checked.reason;
  }
  return null;
};

/**
 * Checks a Web eID authentication token as the Web eID validator does
 * (docs/eid-facts.md section 5.1 step 5): the format, the authentication
 * certificate (validity, chain to an ID-card anchor, digitalSignature and
 * clientAuth, an Estonian subject), then the signature over
 * hash(origin) ‖ hash(nonce) with the certificate's key. The nonce is the one
 * the server issued and has just taken out of its store; the origin is the
 * server's own, never the browser's word. The person comes from the certificate.
 * A web-eid:1.1 token must also carry signing certificates that all pass
 * signingCertificateProblem; one that fails refuses the token as an invalid
 * token is refused (unexpected).
 */
export const validateWebEidAuthToken = (options: {
  token: WebEidAuthToken;
  nonce: string;
  origin: string;
  trustAnchors: readonly string[];
  now?: Date;
}): WebEidTokenValidation => {
  const { token } = options;
  const algorithm = ALGORITHMS[token.algorithm];
  if (!isKnownFormat(token.format) || algorithm === undefined) return { ok: false, code: 'unexpected', reason: 'unsupported_token' };
  const der = decodeBase64(token.unverifiedCertificate);
  const certificate = der === null ? null : parseCertificate(der);
  if (certificate === null) return { ok: false, code: 'invalid_certificate', reason: 'malformed' };
  const checked = validateIdCardCertificate(certificate.toString(), [...options.trustAnchors], options.now);
  if (!checked.ok) return checked;
  const hash = (text: string) => createHash(algorithm.hash).update(text, 'utf8').digest();
  const signature = decodeBase64(token.signature);
  const signed = Buffer.concat([hash(options.origin), hash(options.nonce)]);
  if (signature === null || !verifySignature(certificate, algorithm, signed, signature)) return { ok: false, code: 'unexpected', reason: 'signature_mismatch' };
  if (token.format === FORMAT_1_1) {
    const problem = signingCertificateProblem(token, certificate, checked.person, options.trustAnchors, options.now);
    if (problem !== null) return { ok: false, code: 'unexpected', reason: `signing_certificate_${problem}` };
  }
  return { ok: true, person: checked.person };
};
