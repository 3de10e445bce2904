import type { KeyObject, X509Certificate } from 'node:crypto';
import { decodeBase64 } from './base64.js';
import { readCertificateFields, type CertificateFields } from './certificate-fields.js';
import { parseCertificate, parseTrustAnchors } from './certificate-parsing.js';
import { personFromCertificate } from './certificate-person.js';
import { CLIENT_AUTH_EKU, checkPurpose, type PurposeProblem, type PurposeRequirement } from './certificate-purpose.js';
import { checkTrust, type TrustProblem } from './certificate-trust.js';
import { signatureAlgorithmName, verifyDigestSignature } from './digest-signature.js';
import type { AuthenticatedPerson, HashType, SignatureEvidence, SignInFailureCode } from './types.js';

export type CertificateRejection =
  'malformed' | TrustProblem | PurposeProblem | 'level_too_low' | 'not_estonian' | 'signature_mismatch' | 'personal_id_mismatch' | 'certificate_mismatch';

type Rejected = { ok: false; code: SignInFailureCode; reason: CertificateRejection };

export type CertificateValidation = { ok: true; person: AuthenticatedPerson } | Rejected;
export type SignatureValidation = { ok: true; evidence: SignatureEvidence } | Rejected;

export type CertificateLevel = 'ADVANCED' | 'QUALIFIED';
const LEVEL_RANK: Record<string, number> = { ADVANCED: 1, QUALIFIED: 2 };

/** A certificate that must name a known person, as both certificate steps and signed answers check it. */
export type CertificateCheck = {
  /** DER end-entity certificate. */
  certificate: Uint8Array;
  trustAnchors: readonly X509Certificate[];
  /** The personal code the flow was started for. */
  expectedPersonalId: string;
  purpose?: PurposeRequirement;
  /** Smart-ID: the reported level must be at least the requested one (docs/eid-facts.md section 4.1 item 3). */
  level?: { requested: CertificateLevel; reported: string | undefined };
  now?: Date;
};

/** A service's OK answer: a certificate and its key's signature over the hash we sent. */
export type AuthenticationResponse = CertificateCheck & {
  signature: Uint8Array;
  /** The hash we sent and kept; a hash echoed by the service is never trusted (docs/eid-facts.md section 4.1). */
  hash: Uint8Array;
  hashType: HashType;
};

export type SignatureResponse = AuthenticationResponse & {
  /** DER certificate from the certificate step, which the signed data names; the answer's certificate must be this one. */
  expectedCertificate?: Uint8Array;
};

/*
 * Rejection -> failure code. Certificate problems are invalid_certificate; an
 * answer whose signature, person or certificate does not belong to our
 * request is not the user's fault and is unexpected.
 *
 * | reason               | code                |
 * |----------------------|---------------------|
 * | malformed            | invalid_certificate |
 * | not_yet_valid        | invalid_certificate |
 * | expired              | invalid_certificate |
 * | untrusted            | invalid_certificate |
 * | wrong_key_usage      | invalid_certificate |
 * | policy_missing       | invalid_certificate |
 * | qc_type_missing      | invalid_certificate |
 * | level_too_low        | invalid_certificate |
 * | not_estonian         | invalid_certificate |
 * | signature_mismatch   | unexpected          |
 * | personal_id_mismatch | unexpected          |
 * | certificate_mismatch | unexpected          |
 */
const NOT_THE_USERS_FAULT: ReadonlySet<CertificateRejection> = new Set(['signature_mismatch', 'personal_id_mismatch', 'certificate_mismatch']);

const reject = (reason: CertificateRejection): Rejected => ({
  ok: false,
  code: NOT_THE_USERS_FAULT.has(reason) ? 'unexpected' : 'invalid_certificate',
  reason,
});

type Checked = { ok: true; certificate: X509Certificate; person: AuthenticatedPerson } | { ok: false; reason: CertificateRejection };

/** Validity, chain to an anchor, purpose and an Estonian subject. */
const checkCertificate = (certificate: X509Certificate | null, anchors: readonly X509Certificate[], purpose: PurposeRequirement, now: Date): Checked => {
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
  return person === null ? { ok: false, reason: 'not_estonian' } : { ok: true, certificate, person };
};

/** checkCertificate and the level. */
const checkReportedCertificate = (check: CertificateCheck, now: Date): Checked => {
  const checked = checkCertificate(parseCertificate(check.certificate), check.trustAnchors, check.purpose ?? {}, now);
  if (!checked.ok) return checked;
  const { level } = check;
  if (level !== undefined && (LEVEL_RANK[level.reported ?? ''] ?? 0) < (LEVEL_RANK[level.requested] ?? 0)) return { ok: false, reason: 'level_too_low' };
  return checked;
};

// SK's 3.x client also insists on this when the flow started for a known person
// (docs/eid-facts.md section 4.2).
const namesExpectedPerson = (checked: Checked, expectedPersonalId: string): Checked =>
  checked.ok && checked.person.personalId !== expectedPersonalId ? { ok: false, reason: 'personal_id_mismatch' } : checked;

/** The certificate checks, the signature (checked by `verifies` with the certificate's key), then the person when one is expected. */
const checkSignedBy = (check: CertificateCheck, expectedPersonalId: string | null, verifies: (publicKey: KeyObject) => boolean, now: Date): Checked => {
  const checked = checkReportedCertificate(check, now);
  if (!checked.ok) return checked;
  if (!verifies(checked.certificate.publicKey)) return { ok: false, reason: 'signature_mismatch' };
  return expectedPersonalId === null ? checked : namesExpectedPerson(checked, expectedPersonalId);
};

/** The certificate checks, the signature over exactly the hash we kept, then the person. */
const checkSignedAnswer = (response: AuthenticationResponse, now: Date): Checked =>
  checkSignedBy(response, response.expectedPersonalId, (key) => verifyDigestSignature(key, response.hash, response.hashType, response.signature), now);

/**
 * A Smart-ID v3 sign-in answer (docs/eid-facts.md section 1.9): every check of
 * validateAuthenticationResponse, with the signature checked by `verifies`
 * (RSASSA-PSS over the rebuilt ACSP_V2 payload). `expectedPersonalId` null is
 * an anonymous device-link sign-in: the person is whoever the validated
 * certificate names.
 */
export const validateSignedAuthentication = (
  check: Omit<CertificateCheck, 'expectedPersonalId'> & { expectedPersonalId: string | null; verifies: (publicKey: KeyObject) => boolean },
): CertificateValidation => {
  const checked = checkSignedBy(
    { ...check, expectedPersonalId: check.expectedPersonalId ?? '' },
    check.expectedPersonalId,
    check.verifies,
    check.now ?? new Date(),
  );
  return checked.ok ? { ok: true, person: checked.person } : reject(checked.reason);
};

/**
 * Validates a Smart-ID or Mobile-ID OK answer as docs/eid-facts.md section 4.3
 * recommends: validity and chain to a configured anchor, key usage and
 * policies, certificate level, the signature over the hash we kept, and that
 * the certificate names the person the flow was started for.
 */
export const validateAuthenticationResponse = (response: AuthenticationResponse): CertificateValidation => {
  const checked = checkSignedAnswer(response, response.now ?? new Date());
  return checked.ok ? { ok: true, person: checked.person } : reject(checked.reason);
};

const SIGNING = { use: 'signing' } as const satisfies PurposeRequirement;

/**
 * Validates a signing certificate before anything is signed with it (Smart-ID
 * certificate choice, Mobile-ID /certificate, the ID-card's certificate): the
 * checks of validateAuthenticationResponse without a signature, and
 * nonRepudiation whatever else `purpose` asks.
 */
export const validateSigningCertificate = (check: CertificateCheck): CertificateValidation => {
  const signing = { ...check, purpose: { ...check.purpose, ...SIGNING } };
  const checked = namesExpectedPerson(checkReportedCertificate(signing, check.now ?? new Date()), check.expectedPersonalId);
  return checked.ok ? { ok: true, person: checked.person } : reject(checked.reason);
};

/**
 * Validates a PIN2 signature: everything validateSigningCertificate checks,
 * that the certificate is the one from the certificate step, and that the
 * signature verifies over the hash we sent. Returns the evidence to keep.
 */
export const validateSignatureResponse = (response: SignatureResponse): SignatureValidation => {
  const now = response.now ?? new Date();
  const { expectedCertificate } = response;
  if (expectedCertificate !== undefined && !Buffer.from(expectedCertificate).equals(Buffer.from(response.certificate))) {
    return reject('certificate_mismatch');
  }
  const checked = checkSignedAnswer({ ...response, purpose: { ...response.purpose, ...SIGNING } }, now);
  if (!checked.ok) return reject(checked.reason);
  return {
    ok: true,
    evidence: {
      signature: Buffer.from(response.signature).toString('base64'),
      signatureAlgorithm: signatureAlgorithmName(checked.certificate.publicKey, response.hashType),
      certificate: checked.certificate.raw.toString('base64'),
      hashType: response.hashType,
      signingTime: now.toISOString(),
      signer: checked.person,
    },
  };
};

/**
 * Validates the TLS client certificate of an ID-card sign-in: validity, chain
 * to a configured ID-card anchor, digitalSignature and, when EKUs are listed,
 * clientAuth (docs/eid-facts.md section 5.1, validation steps 4 and 6), and an
 * Estonian subject (step 9). OCSP is not checked.
 */
export const validateIdCardCertificate = (
  certificatePem: string,
  trustAnchorsPem: string[],
  now: Date = new Date(),
): { ok: true; person: AuthenticatedPerson } | { ok: false; code: 'invalid_certificate'; reason: CertificateRejection } => {
  const checked = checkCertificate(parseCertificate(certificatePem), parseTrustAnchors(trustAnchorsPem), { extendedKeyUsageIfPresent: CLIENT_AUTH_EKU }, now);
  return checked.ok ? { ok: true, person: checked.person } : { ok: false, code: 'invalid_certificate', reason: checked.reason };
};

/** An ID-card signature as the browser hands it over (hwcrypto or Web eID sign, docs/eid-facts.md sections 5.1 step 6, 5.2). */
export type IdCardSignature = {
  /** Base64 DER signing certificate the card reported. */
  certificate: string;
  /** Base64 signature value: ECDSA raw r||s or RSA PKCS#1 v1.5 over DigestInfo||hash. */
  signature: string;
  /** The hash we gave the browser to sign, as we kept it. */
  hash: Uint8Array;
  hashType: HashType;
  /** PEM texts of the CAs that issue ID-cards. */
  trustAnchors: readonly string[];
  /** The signed-in person's personal code. */
  expectedPersonalId: string;
  /** Base64 DER certificate the signed data was built with, when it was built before signing. */
  expectedCertificate?: string;
  now?: Date;
};

/** Validates the ID-card's signing certificate before the data to sign is built with it. */
export const validateIdCardSigningCertificate = (
  input: Pick<IdCardSignature, 'certificate' | 'trustAnchors' | 'expectedPersonalId' | 'now'>,
): CertificateValidation => {
  const certificate = decodeBase64(input.certificate);
  if (certificate === null) return reject('malformed');
  return validateSigningCertificate({ ...input, certificate, trustAnchors: parseTrustAnchors(input.trustAnchors) });
};

/**
 * Validates a PIN2 signature made with the ID-card in the browser, with the
 * same checks as a Smart-ID or Mobile-ID signature and the ID-card anchors.
 * Nothing from the browser is trusted: the certificate must chain, be a
 * signing certificate naming the signed-in person, and the signature must
 * verify over the hash we gave.
 */
export const validateIdCardSignature = (input: IdCardSignature): SignatureValidation => {
  const certificate = decodeBase64(input.certificate);
  const signature = decodeBase64(input.signature);
  if (certificate === null) return reject('malformed');
  if (signature === null) return reject('signature_mismatch');
  let expectedCertificate: Buffer | undefined;
  if (input.expectedCertificate !== undefined) {
    const decoded = decodeBase64(input.expectedCertificate);
    if (decoded === null) return reject('certificate_mismatch');
    expectedCertificate = decoded;
  }
  return validateSignatureResponse({
    certificate,
    signature,
    hash: input.hash,
    hashType: input.hashType,
    trustAnchors: parseTrustAnchors(input.trustAnchors),
    expectedPersonalId: input.expectedPersonalId,
    ...(expectedCertificate === undefined ? {} : { expectedCertificate }),
    ...(input.now === undefined ? {} : { now: input.now }),
  });
};
