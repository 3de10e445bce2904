import type { X509Certificate } from 'node:crypto';
import {
  BasicOCSPResponse,
  id_kp_OCSPSigning,
  id_pkix_ocsp_basic,
  id_pkix_ocsp_nonce,
  Nonce,
  OCSPResponse,
  OCSPResponseStatus,
  type ResponderID,
  type SingleResponse,
} from '@peculiar/asn1-ocsp';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import type { Certificate } from '@peculiar/asn1-x509';
import { Extension } from '@peculiar/asn1-x509';
import { readCertificateFields } from './certificate-fields.js';
import { asnCertificateOf, isIssuedBy, parseCertificate } from './certificate-parsing.js';
import { isCertIdFor } from './ocsp-cert-id.js';
import { digest, verifySignedBytes } from './signed-bytes.js';

export type OcspStatus = 'GOOD' | 'REVOKED' | 'UNKNOWN';

export type OcspVerification = { ok: true; status: OcspStatus; producedAt: Date; revokedAt?: Date } | { ok: false; reason: string };

export type VerifyOcspResponseInput = {
  /** The whole DER OCSPResponse. */
  response: Uint8Array;
  /** DER certificate the answer must be about. */
  certificate: Uint8Array;
  /** DER certificate of its issuer. */
  issuer: Uint8Array;
  now?: Date;
  /** The nonce sent in the request; when given, the answer must echo it (RFC 8954). */
  nonce?: Uint8Array;
};

// Clocks of the responder and ours may differ this much.
const CLOCK_SKEW_MS = 5 * 60_000;
// SK's AIA responders answer from live status, so thisUpdate is the time of asking; an older one is a replayed answer.
const MAX_AGE_MS = 15 * 60_000;

/** The nonce request/response extension (RFC 8954): extnValue is the DER OCTET STRING of the nonce. */
export const ocspNonceExtension = (nonce: Uint8Array): Extension =>
  new Extension({ extnID: id_pkix_ocsp_nonce, critical: false, extnValue: new OctetString(AsnConvert.serialize(new Nonce(nonce))) });

const nonceOf = (extensions: Extension[] | undefined): Buffer | undefined => {
  const extension = extensions?.find((entry) => entry.extnID === id_pkix_ocsp_nonce);
  return extension === undefined ? undefined : Buffer.from(AsnConvert.parse(extension.extnValue.buffer, Nonce).buffer);
};

const isResponder = (candidate: Certificate, responderId: ResponderID): boolean => {
  if (responderId.byKey !== undefined)
    return digest('sha1', new Uint8Array(candidate.tbsCertificate.subjectPublicKeyInfo.subjectPublicKey)).equals(Buffer.from(responderId.byKey.buffer));
  if (responderId.byName !== undefined)
    return Buffer.from(AsnConvert.serialize(candidate.tbsCertificate.subject)).equals(Buffer.from(AsnConvert.serialize(responderId.byName)));
  return false;
};

/**
 * The certificate that signed the answer (RFC 6960 section 4.2.2.2): the
 * issuer itself, or a delegated responder certificate in `certs` that the
 * issuer issued with id-kp-OCSPSigning and that is valid at producedAt.
 */
const findSigner = (basic: BasicOCSPResponse, issuerDer: Uint8Array): X509Certificate | string => {
  const responderId = basic.tbsResponseData.responderID;
  const issuer = parseCertificate(issuerDer);
  if (issuer === null) return 'issuer certificate does not parse';
  if (isResponder(asnCertificateOf(issuerDer), responderId)) return issuer;
  const delegate = (basic.certs ?? []).find((candidate) => isResponder(candidate, responderId));
  if (delegate === undefined) return 'responder certificate not found';
  const delegateDer = new Uint8Array(AsnConvert.serialize(delegate));
  const responder = parseCertificate(delegateDer);
  if (responder === null || !isIssuedBy(responder, issuer)) return 'responder certificate not issued by the issuer';
  if (!(readCertificateFields(delegateDer).extendedKeyUsages ?? []).includes(id_kp_OCSPSigning)) return 'responder certificate lacks id-kp-OCSPSigning';
  const producedAt = basic.tbsResponseData.producedAt.getTime();
  if (producedAt < Date.parse(responder.validFrom) || producedAt > Date.parse(responder.validTo)) return 'responder certificate not valid at producedAt';
  return responder;
};

const statusOf = (single: SingleResponse): { status: OcspStatus; revokedAt?: Date } => {
  if (single.certStatus.revoked !== undefined) return { status: 'REVOKED', revokedAt: single.certStatus.revoked.revocationTime };
  if (single.certStatus.good !== undefined) return { status: 'GOOD' };
  return { status: 'UNKNOWN' };
};

const verifyParsed = (input: VerifyOcspResponseInput, now: Date): OcspVerification => {
  const outer = AsnConvert.parse(input.response, OCSPResponse);
  if (outer.responseStatus !== OCSPResponseStatus.successful) return { ok: false, reason: `response status ${String(outer.responseStatus)}` };
  if (outer.responseBytes?.responseType !== id_pkix_ocsp_basic) return { ok: false, reason: 'not a basic OCSP response' };
  const basic = AsnConvert.parse(outer.responseBytes.response.buffer, BasicOCSPResponse);
  const data = basic.tbsResponseData;

  const signer = findSigner(basic, input.issuer);
  if (typeof signer === 'string') return { ok: false, reason: signer };
  // The signature covers the DER of tbsResponseData exactly as received, which the parser keeps.
  if (basic.tbsResponseDataRaw === undefined) return { ok: false, reason: 'tbsResponseData bytes missing' };
  const isSigned = verifySignedBytes({
    algorithm: basic.signatureAlgorithm.algorithm,
    data: new Uint8Array(basic.tbsResponseDataRaw),
    signature: new Uint8Array(basic.signature),
    publicKey: signer.publicKey,
  });
  if (!isSigned) return { ok: false, reason: 'signature does not verify' };

  const single = data.responses.find((entry) => isCertIdFor(entry.certID, input.certificate, input.issuer));
  if (single === undefined) return { ok: false, reason: 'no answer for this certificate (CertID mismatch)' };
  if (input.nonce !== undefined) {
    const echoed = nonceOf(data.responseExtensions);
    if (echoed === undefined || !echoed.equals(Buffer.from(input.nonce))) return { ok: false, reason: 'nonce mismatch' };
  }
  const time = now.getTime();
  if (single.thisUpdate.getTime() > time + CLOCK_SKEW_MS) return { ok: false, reason: 'thisUpdate in the future' };
  if (single.thisUpdate.getTime() < time - MAX_AGE_MS) return { ok: false, reason: 'thisUpdate too old' };
  if (single.nextUpdate !== undefined && single.nextUpdate.getTime() < time - CLOCK_SKEW_MS) return { ok: false, reason: 'nextUpdate passed' };
  return { ok: true, ...statusOf(single), producedAt: data.producedAt };
};

/**
 * Checks an OCSP answer about `certificate` (RFC 6960): status successful, a
 * basic response signed by the issuer or its delegated responder, a
 * SingleResponse whose CertID names this certificate, the nonce echoed when
 * one is given, and thisUpdate neither in the future nor stale. Pure: no
 * network, so the container verifier can run it on stored answers.
 */
export const verifyOcspResponse = (input: VerifyOcspResponseInput): OcspVerification => {
  try {
    return verifyParsed(input, input.now ?? new Date());
  } catch (error) {
    return { ok: false, reason: `malformed: ${error instanceof Error ? error.message : String(error)}` };
  }
};
