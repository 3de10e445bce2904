import { createPrivateKey, randomBytes, X509Certificate } from 'node:crypto';
import {
  Attribute,
  CertificateChoices,
  CertificateSet,
  CMSVersion,
  ContentInfo,
  DigestAlgorithmIdentifier,
  DigestAlgorithmIdentifiers,
  EncapsulatedContent,
  EncapsulatedContentInfo,
  id_contentType,
  id_messageDigest,
  id_signedData,
  IssuerAndSerialNumber,
  SignatureAlgorithmIdentifier,
  SignedData,
  SignerIdentifier,
  SignerInfo,
  SignerInfos,
} from '@peculiar/asn1-cms';
import { ContentType, MessageDigest } from '@peculiar/asn1-pkcs9';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';
import {
  id_ct_tstInfo,
  PKIFailureInfo,
  PKIFailureInfoFlags,
  PKIStatus,
  PKIStatusInfo,
  TimeStampReq,
  TimeStampResp,
  TSTInfo,
  Accuracy,
} from '@peculiar/asn1-tsp';
import type { FastifyPluginAsync } from 'fastify';
import { inDerOrder, signedAttributesDer } from '../modules/identity/cms-signed-attributes.js';
import { id_aa_signingCertificateV2, signingCertificateV2For } from '../modules/identity/ess-signing-certificate.js';
import { digest, DIGEST_OIDS, digestNameOf, ECDSA_WITH_SHA256, signEcdsaSha256 } from '../modules/identity/signed-bytes.js';
import type { Outages } from './ocsp-routes.js';
import type { Credential } from './pki.js';

export type TsaRoutesOptions = {
  tsa: Credential;
  /** Read on every request: while `tsa` is true the TSA answers HTTP 500. */
  outages: Outages;
};

// ETSI EN 319 421 best-practices time-stamp policy, which SK's TSA also names.
const TSA_POLICY = '0.4.0.2023.1.1';

const toDer = (value: unknown): Buffer => Buffer.from(AsnConvert.serialize(value));

const rejection = (failure: PKIFailureInfoFlags): Buffer =>
  toDer(new TimeStampResp({ status: new PKIStatusInfo({ status: PKIStatus.rejection, failInfo: new PKIFailureInfo(failure) }) }));

/**
 * A TimeStampToken (RFC 3161 section 2.4.2): CMS SignedData over TSTInfo,
 * one SignerInfo with contentType, messageDigest and signingCertificateV2
 * signed attributes, the TSA certificate included when certReq asks.
 */
const timeStampToken = (tsa: Credential, request: TimeStampReq, now: Date): ContentInfo => {
  const tsaDer = new Uint8Array(new X509Certificate(tsa.certificatePem).raw);
  const tsaCertificate = AsnConvert.parse(tsaDer, Certificate);
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f; // a positive INTEGER
  const tstInfo = toDer(
    new TSTInfo({
      policy: TSA_POLICY,
      messageImprint: request.messageImprint,
      serialNumber: new Uint8Array(serial).buffer,
      genTime: now,
      accuracy: new Accuracy({ seconds: 1 }),
      ...(request.nonce === undefined ? {} : { nonce: request.nonce }),
    }),
  );
  const signedAttrs = inDerOrder([
    new Attribute({ attrType: id_contentType, attrValues: [AsnConvert.serialize(new ContentType(id_ct_tstInfo))] }),
    new Attribute({ attrType: id_messageDigest, attrValues: [AsnConvert.serialize(new MessageDigest(digest('sha256', tstInfo)))] }),
    new Attribute({ attrType: id_aa_signingCertificateV2, attrValues: [signingCertificateV2For(tsaDer)] }),
  ]);
  const signerInfo = new SignerInfo({
    version: CMSVersion.v1,
    sid: new SignerIdentifier({
      issuerAndSerialNumber: new IssuerAndSerialNumber({
        issuer: tsaCertificate.tbsCertificate.issuer,
        serialNumber: tsaCertificate.tbsCertificate.serialNumber,
      }),
    }),
    digestAlgorithm: new DigestAlgorithmIdentifier({ algorithm: DIGEST_OIDS.sha256 }),
    signedAttrs,
    signatureAlgorithm: new SignatureAlgorithmIdentifier({ algorithm: ECDSA_WITH_SHA256 }),
  });
  signerInfo.signature = new OctetString(signEcdsaSha256(createPrivateKey(tsa.privateKeyPem), signedAttributesDer(signedAttrs)));
  const signedData = new SignedData({
    version: CMSVersion.v3,
    digestAlgorithms: new DigestAlgorithmIdentifiers([new DigestAlgorithmIdentifier({ algorithm: DIGEST_OIDS.sha256 })]),
    encapContentInfo: new EncapsulatedContentInfo({ eContentType: id_ct_tstInfo, eContent: new EncapsulatedContent({ single: new OctetString(tstInfo) }) }),
    ...(request.certReq ? { certificates: new CertificateSet([new CertificateChoices({ certificate: tsaCertificate })]) } : {}),
    signerInfos: new SignerInfos([signerInfo]),
  });
  return new ContentInfo({ contentType: id_signedData, content: AsnConvert.serialize(signedData) });
};

/**
 * A time-stamping authority (RFC 3161 over HTTP, section 3.4): every
 * well-formed request with a SHA-2 message imprint is granted, genTime now.
 */
export const tsaRoutes =
  (options: TsaRoutesOptions): FastifyPluginAsync =>
  async (app) => {
    app.addContentTypeParser('application/timestamp-query', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post<{ Body: Buffer }>('/', async (request, reply) => {
      if (options.outages.tsa) return reply.code(500).send({ error: 'TSA down' });
      const send = (body: Buffer) => reply.code(200).type('application/timestamp-reply').send(body);
      let query: TimeStampReq;
      try {
        query = AsnConvert.parse(request.body, TimeStampReq);
      } catch {
        return send(rejection(PKIFailureInfoFlags.badDataFormat));
      }
      const digestName = digestNameOf(query.messageImprint.hashAlgorithm.algorithm);
      if (digestName === undefined || digestName === 'sha1' || query.messageImprint.hashedMessage.byteLength !== digest(digestName, new Uint8Array()).length)
        return send(rejection(PKIFailureInfoFlags.badAlg));
      const token = timeStampToken(options.tsa, query, new Date());
      return send(toDer(new TimeStampResp({ status: new PKIStatusInfo({ status: PKIStatus.granted }), timeStampToken: token })));
    });
  };
