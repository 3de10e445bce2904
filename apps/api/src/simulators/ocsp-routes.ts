import { createPrivateKey, X509Certificate } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  BasicOCSPResponse,
  CertStatus,
  id_pkix_ocsp_basic,
  id_pkix_ocsp_nonce,
  KeyHash,
  OCSPRequest,
  OCSPResponse,
  OCSPResponseStatus,
  ResponderID,
  ResponseBytes,
  ResponseData,
  RevokedInfo,
  SingleResponse,
  type CertID,
} from '@peculiar/asn1-ocsp';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier, Certificate } from '@peculiar/asn1-x509';
import type { FastifyPluginAsync } from 'fastify';
import { isCertIdIssuedBy, serialToBigInt } from '../modules/identity/ocsp-cert-id.js';
import { digest, ECDSA_WITH_SHA256, signEcdsaSha256 } from '../modules/identity/signed-bytes.js';
import { findOcspTestAnswer, type OcspTestAnswer } from './ocsp-identities.js';
import type { OcspAuthority, SimulatorPki } from './simulator-pki.js';

export type Outages = { ocsp: boolean; tsa: boolean };

export type OcspRoutesOptions = {
  pki: SimulatorPki;
  /** Read on every request: while `ocsp` is true the responder answers HTTP 500. */
  outages: Outages;
  /** Aborted when the simulators close, so a SLOW answer never outlives them. */
  closing: AbortSignal;
};

// How long a SLOW person's answer takes: far beyond any client timeout.
const SLOW_ANSWER_MS = 30_000;
// A REVOKED person's certificate was revoked this long before the answer.
const REVOKED_AGO_MS = 86_400_000;

const toDer = (value: unknown): Buffer => Buffer.from(AsnConvert.serialize(value));
const certificateDer = (pem: string): Uint8Array => new Uint8Array(new X509Certificate(pem).raw);
// GeneralizedTime in whole seconds, as responders usually send it.
const wholeSeconds = (time: number): Date => new Date(Math.floor(time / 1000) * 1000);

const responseOf = (status: OCSPResponseStatus, basic?: BasicOCSPResponse): Buffer =>
  toDer(
    new OCSPResponse({
      responseStatus: status,
      ...(basic === undefined ? {} : { responseBytes: new ResponseBytes({ responseType: id_pkix_ocsp_basic, response: new OctetString(toDer(basic)) }) }),
    }),
  );

/**
 * What the responder knows of the certificate: the test answer of its holder
 * (GOOD for everyone not in ocsp-identities.ts), or NOT_ISSUED when this run
 * handed out no certificate with that serial.
 */
const answerFor = (pki: SimulatorPki, authority: OcspAuthority, certId: CertID): OcspTestAnswer | 'GOOD' | 'NOT_ISSUED' => {
  const holder = pki.holderOf(authority.ca, serialToBigInt(certId.serialNumber));
  return holder === undefined ? 'NOT_ISSUED' : (findOcspTestAnswer(holder) ?? 'GOOD');
};

const certStatusOf = (answer: ReturnType<typeof answerFor>, now: number): CertStatus => {
  if (answer === 'REVOKED') return new CertStatus({ revoked: new RevokedInfo({ revocationTime: wholeSeconds(now - REVOKED_AGO_MS) }) });
  // RFC 6960 section 2.2: unknown also when the responder does not know the certificate.
  if (answer === 'UNKNOWN' || answer === 'NOT_ISSUED') return new CertStatus({ unknown: null });
  return new CertStatus({ good: null });
};

/** A BasicOCSPResponse signed by the authority's delegated responder, which it carries in `certs`, echoing the request's nonce. */
const signedAnswer = (authority: OcspAuthority, request: OCSPRequest, statuses: CertStatus[], now: number): BasicOCSPResponse => {
  const responder = AsnConvert.parse(certificateDer(authority.responder.certificatePem), Certificate);
  const nonce = request.tbsRequest.requestExtensions?.filter((extension) => extension.extnID === id_pkix_ocsp_nonce) ?? [];
  const tbsResponseData = new ResponseData({
    responderID: new ResponderID({
      byKey: new KeyHash(digest('sha1', new Uint8Array(responder.tbsCertificate.subjectPublicKeyInfo.subjectPublicKey))),
    }),
    producedAt: wholeSeconds(now),
    responses: request.tbsRequest.requestList.map(
      (entry, index) =>
        new SingleResponse({ certID: entry.reqCert, certStatus: statuses[index] ?? new CertStatus({ unknown: null }), thisUpdate: wholeSeconds(now) }),
    ),
    ...(nonce.length === 0 ? {} : { responseExtensions: nonce }),
  });
  return new BasicOCSPResponse({
    tbsResponseData,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: ECDSA_WITH_SHA256 }),
    signature: new Uint8Array(signEcdsaSha256(createPrivateKey(authority.responder.privateKeyPem), toDer(tbsResponseData))).buffer,
    certs: [responder],
  });
};

/**
 * An OCSP responder (RFC 6960, HTTP POST as in its appendix A) for the
 * Smart-ID, Mobile-ID and ID-card CAs. Every certificate is good except the
 * people in ocsp-identities.ts; SLOW people's answers come after 30 s.
 */
export const ocspRoutes =
  (options: OcspRoutesOptions): FastifyPluginAsync =>
  async (app) => {
    app.addContentTypeParser('application/ocsp-request', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post<{ Body: Buffer }>('/', async (request, reply) => {
      if (options.outages.ocsp) return reply.code(500).send({ error: 'responder down' });
      const send = (body: Buffer) => reply.code(200).type('application/ocsp-response').send(body);
      let ocspRequest: OCSPRequest;
      try {
        ocspRequest = AsnConvert.parse(request.body, OCSPRequest);
      } catch {
        return send(responseOf(OCSPResponseStatus.malformedRequest));
      }
      const certIds = ocspRequest.tbsRequest.requestList.map((entry) => entry.reqCert);
      const authority = options.pki.ocspAuthorities.find((candidate) => {
        const caDer = certificateDer(candidate.ca.certificatePem);
        return certIds.length > 0 && certIds.every((certId) => isCertIdIssuedBy(certId, caDer));
      });
      if (authority === undefined) return send(responseOf(OCSPResponseStatus.unauthorized));
      const answers = certIds.map((certId) => answerFor(options.pki, authority, certId));
      if (answers.includes('SLOW')) {
        try {
          await sleep(SLOW_ANSWER_MS, undefined, { signal: options.closing });
        } catch {
          return reply.code(503).send({ error: 'closing' });
        }
      }
      const now = Date.now();
      const statuses = answers.map((answer) => certStatusOf(answer, now));
      return send(responseOf(OCSPResponseStatus.successful, signedAnswer(authority, ocspRequest, statuses, now)));
    });
  };
