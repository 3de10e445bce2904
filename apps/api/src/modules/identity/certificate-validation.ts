import type { X509Certificate } from 'node:crypto';
import { readCertificateFields, type CertificateFields } from './certificate-fields.js';
import { parseCertificate, parseTrustAnchors } from './certificate-parsing.js';
import { personFromCertificate } from './certificate-person.js';
import { CLIENT_AUTH_EKU, checkPurpose, type PurposeProblem, type PurposeRequirement } from './certificate-purpose.js';
import { checkTrust, type TrustProblem } from './certificate-trust.js';
import { verifyDigestSignature } from './digest-signature.js';
import type { AuthenticatedPerson, HashType, SignInFailureCode } from './types.js';

export type CertificateRejection =
  | 'malformed'
  | TrustProblem
  | PurposeProblem
  | 'level_too_low'
  | 'not_estonian'
  | 'signature_mismatch'
  | 'personal_id_mismatch';

export type CertificateValidation =
  | { ok: true; person: AuthenticatedPerson }
  | { ok: false; code: SignInFailureCode; reason: CertificateRejection };

export type CertificateLevel = 'ADVANCED' | 'QUALIFIED';
const LEVEL_RANK: Record<string, number> = { ADVANCED: 1, QUALIFIED: 2 };

export type AuthenticationResponse = {
  /** DER end-entity certificate from the service's answer. */
  certificate: Uint8Array;
  signature: Uint8Array;
  /** The hash we sent and kept; a hash echoed by the service is never trusted (EID-FACTS.md section 4.1). */
  hash: Uint8Array;
  hashType: HashType;
  trustAnchors: readonly X509Certificate[];
  /** The personal code the flow was started for. */
  expectedPersonalId: string;
  purpose?: PurposeRequirement;
  /** Smart-ID: the reported level must be at least the requested one (EID-FACTS.md section 4.1 item 3). */
  level?: { requested: CertificateLevel; reported: string | undefined };
  now?: Date;
};

/*
 * Rejection -> sign-in code. Certificate problems are invalid_certificate; an
 * answer whose signature or person does not belong to our request is not the
 * user's fault and is unexpected.
 *
 * | reason               | code                |
 * |----------------------|---------------------|
 * | malformed            | invalid_certificate |
 * | not_yet_valid        | invalid_certificate |
 * | expired              | invalid_certificate |
 * | untrusted            | invalid_certificate |
 * | wrong_key_usage      | invalid_certificate |
 * | policy_missing       | invalid_certificate |
 * | level_too_low        | invalid_certificate |
 * | not_estonian         | invalid_certificate |
 * | signature_mismatch   | unexpected          |
 * | personal_id_mismatch | unexpected          |
 */
const reject = (reason: CertificateRejection): CertificateValidation => ({
  ok: false,
  code: reason === 'signature_mismatch' || reason === 'personal_id_mismatch' ? 'unexpected' : 'invalid_certificate',
  reason,
});

const checkCertificate = (
  certificate: X509Certificate | null,
  anchors: readonly X509Certificate[],
  purpose: PurposeRequirement,
  now: Date,
): { ok: true; person: AuthenticatedPerson } | { ok: false; reason: CertificateRejection } => {
  if (certificate === null) return { ok: false, reason: 'malformed' };
  const trust = checkTrust(certificate, anchors, now);
  if (trust !== null) return { ok: false, reason: trust };
  let fields: CertificateFields;
  try {
    fields = readCertificateFields(certificate.raw);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const purposeProblem = checkPurpose(fields, purpose);
  if (purposeProblem !== null) return { ok: false, reason: purposeProblem };
  const person = personFromCertificate(fields);
  return person === null ? { ok: false, reason: 'not_estonian' } : { ok: true, person };
};

/**
 * Validates a Smart-ID or Mobile-ID OK answer as EID-FACTS.md section 4.3
 * recommends: validity and chain to a configured anchor, key usage and
 * policies, certificate level, the signature over the hash we kept, and that
 * the certificate names the person the flow was started for.
 */
export const validateAuthenticationResponse = (response: AuthenticationResponse): CertificateValidation => {
  const now = response.now ?? new Date();
  const certificate = parseCertificate(response.certificate);
  const checked = checkCertificate(certificate, response.trustAnchors, response.purpose ?? {}, now);
  if (!checked.ok) return reject(checked.reason);
  const { level } = response;
  if (level !== undefined && (LEVEL_RANK[level.reported ?? ''] ?? 0) < (LEVEL_RANK[level.requested] ?? 0)) return reject('level_too_low');
  if (certificate === null || !verifyDigestSignature(certificate.publicKey, response.hash, response.hashType, response.signature)) {
    return reject('signature_mismatch');
  }
  // SK's 3.x client also insists on this when the flow started for a known person (EID-FACTS.md section 4.2).
  if (checked.person.personalId !== response.expectedPersonalId) return reject('personal_id_mismatch');
  return { ok: true, person: checked.person };
};

/**
 * Validates the TLS client certificate of an ID-card sign-in: validity, chain
 * to a configured ID-card anchor, digitalSignature and, when EKUs are listed,
 * clientAuth (EID-FACTS.md section 5.1, validation steps 4 and 6), and an
 * Estonian subject (step 9). OCSP is not checked.
 */
export const validateIdCardCertificate = (
  certificatePem: string,
  trustAnchorsPem: string[],
  now: Date = new Date(),
): { ok: true; person: AuthenticatedPerson } | { ok: false; code: 'invalid_certificate'; reason: CertificateRejection } => {
  const checked = checkCertificate(
    parseCertificate(certificatePem),
    parseTrustAnchors(trustAnchorsPem),
    { extendedKeyUsageIfPresent: CLIENT_AUTH_EKU },
    now,
  );
  return checked.ok ? checked : { ok: false, code: 'invalid_certificate', reason: checked.reason };
};
