import { constants, createHash, verify, type X509Certificate } from 'node:crypto';
import { decodeBase64 } from './base64.js';
import { parseCertificate } from './certificate-parsing.js';
import { validateIdCardCertificate, type CertificateRejection } from './certificate-validation.js';
import type { AuthenticatedPerson } from './types.js';

/** Web eID's authentication token (docs/eid-facts.md section 5.1 step 4). */
export type WebEidAuthToken = {
  unverifiedCertificate: string;
  algorithm: string;
  signature: string;
  format: string;
};

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

export type WebEidTokenRejection = CertificateRejection | 'unsupported_token';

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

/**
 * Checks a Web eID authentication token as the Web eID validator does
 * (docs/eid-facts.md section 5.1 step 5): the format, the authentication
 * certificate (validity, chain to an ID-card anchor, digitalSignature and
 * clientAuth, an Estonian subject), then the signature over
 * hash(origin) ‖ hash(nonce) with the certificate's key. The nonce is the one
 * the server issued and has just taken out of its store; the origin is the
 * server's own, never the browser's word. The person comes from the certificate.
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
  if (!token.format.startsWith('web-eid:1') || algorithm === undefined) return { ok: false, code: 'unexpected', reason: 'unsupported_token' };
  const der = decodeBase64(token.unverifiedCertificate);
  const certificate = der === null ? null : parseCertificate(der);
  if (certificate === null) return { ok: false, code: 'invalid_certificate', reason: 'malformed' };
  const checked = validateIdCardCertificate(certificate.toString(), [...options.trustAnchors], options.now);
  if (!checked.ok) return checked;
  const hash = (text: string) => createHash(algorithm.hash).update(text, 'utf8').digest();
  const signature = decodeBase64(token.signature);
  const signed = Buffer.concat([hash(options.origin), hash(options.nonce)]);
  if (signature === null || !verifySignature(certificate, algorithm, signed, signature)) return { ok: false, code: 'unexpected', reason: 'signature_mismatch' };
  return { ok: true, person: checked.person };
};
