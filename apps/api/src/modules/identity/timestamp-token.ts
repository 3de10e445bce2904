import type { X509Certificate } from 'node:crypto';
import { ContentInfo, id_contentType, id_messageDigest, id_signedData, SignedData, type SignerInfo } from '@peculiar/asn1-cms';
import { ContentType, MessageDigest } from '@peculiar/asn1-pkcs9';
import { AsnConvert } from '@peculiar/asn1-schema';
import { id_ct_tstInfo, TSTInfo } from '@peculiar/asn1-tsp';
import {
  ExtendedKeyUsage,
  id_ce_extKeyUsage,
  id_ce_subjectKeyIdentifier,
  id_kp_timeStamping,
  SubjectKeyIdentifier,
  type Certificate,
} from '@peculiar/asn1-x509';
import { parseCertificate, parseTrustAnchors } from './certificate-parsing.js';
import { checkTrust } from './certificate-trust.js';
import { signedAttributesDer } from './cms-signed-attributes.js';
import { id_aa_signingCertificate, id_aa_signingCertificateV2, namesSigningCertificate } from './ess-signing-certificate.js';
import { digest, digestNameOf, verifySignedBytes } from './signed-bytes.js';

export type TimestampVerification = { ok: true; genTime: Date; signerCertificate: X509Certificate } | { ok: false; reason: string };

export type VerifyTimestampTokenInput = {
  /** DER ContentInfo of the TimeStampToken. */
  token: Uint8Array;
  /** The data that was time-stamped; the token's messageImprint must be SHA-256 of it. */
  data: Uint8Array;
  /** PEM CAs that may issue TSA certificates. */
  trustAnchors: string[];
  now?: Date;
};

// A TSA's clock and ours may differ this much.
const CLOCK_SKEW_MS = 5 * 60_000;
const SHA256_OID = '2.16.840.1.101.3.4.2.1';

const attributeValue = (signerInfo: SignerInfo, type: string): ArrayBuffer | undefined =>
  signerInfo.signedAttrs?.find((attribute) => attribute.attrType === type)?.attrValues[0];

const findSignerCertificate = (signedData: SignedData, signerInfo: SignerInfo): Certificate | undefined =>
  (signedData.certificates ?? [])
    .map((choice) => choice.certificate)
    .find((certificate): certificate is Certificate => {
      if (certificate === undefined) return false;
      const { issuerAndSerialNumber, subjectKeyIdentifier } = signerInfo.sid;
      if (issuerAndSerialNumber !== undefined)
        return (
          Buffer.from(AsnConvert.serialize(certificate.tbsCertificate.issuer)).equals(Buffer.from(AsnConvert.serialize(issuerAndSerialNumber.issuer))) &&
          Buffer.from(certificate.tbsCertificate.serialNumber).equals(Buffer.from(issuerAndSerialNumber.serialNumber))
        );
      const keyId = certificate.tbsCertificate.extensions?.find((extension) => extension.extnID === id_ce_subjectKeyIdentifier);
      return (
        subjectKeyIdentifier !== undefined &&
        keyId !== undefined &&
        Buffer.from(AsnConvert.parse(keyId.extnValue.buffer, SubjectKeyIdentifier).buffer).equals(Buffer.from(subjectKeyIdentifier.buffer))
      );
    });

// RFC 3161 section 2.3: the TSA certificate's only extended key usage is id-kp-timeStamping, and the extension is critical.
const hasTimeStampingUsage = (certificate: Certificate): boolean => {
  const extension = certificate.tbsCertificate.extensions?.find((entry) => entry.extnID === id_ce_extKeyUsage);
  if (extension === undefined || !extension.critical) return false;
  const usages = Array.from(AsnConvert.parse(extension.extnValue.buffer, ExtendedKeyUsage));
  return usages.length === 1 && usages[0] === id_kp_timeStamping;
};

const verifyParsed = (input: VerifyTimestampTokenInput, now: Date): TimestampVerification => {
  const contentInfo = AsnConvert.parse(input.token, ContentInfo);
  if (contentInfo.contentType !== id_signedData) return { ok: false, reason: 'not CMS SignedData' };
  const signedData = AsnConvert.parse(contentInfo.content, SignedData);
  const { eContentType, eContent } = signedData.encapContentInfo;
  const eContentBytes = eContent?.single?.buffer ?? eContent?.any;
  if (eContentType !== id_ct_tstInfo || eContentBytes === undefined) return { ok: false, reason: 'eContent is not TSTInfo' };
  const tstInfo = AsnConvert.parse(eContentBytes, TSTInfo);

  if (tstInfo.messageImprint.hashAlgorithm.algorithm !== SHA256_OID) return { ok: false, reason: 'messageImprint is not SHA-256' };
  if (!digest('sha256', input.data).equals(Buffer.from(tstInfo.messageImprint.hashedMessage.buffer)))
    return { ok: false, reason: 'messageImprint does not match the data' };
  if (tstInfo.genTime.getTime() > now.getTime() + CLOCK_SKEW_MS) return { ok: false, reason: 'genTime in the future' };

  const [signerInfo, ...others] = signedData.signerInfos;
  if (signerInfo === undefined || others.length > 0) return { ok: false, reason: 'not exactly one signer' };
  const signer = findSignerCertificate(signedData, signerInfo);
  if (signer === undefined) return { ok: false, reason: 'signer certificate not in the token' };
  const signerDer = new Uint8Array(AsnConvert.serialize(signer));

  // RFC 5652 section 5.4: with signed attributes, contentType must be the eContentType and messageDigest the digest of eContent.
  const contentType = attributeValue(signerInfo, id_contentType);
  const messageDigest = attributeValue(signerInfo, id_messageDigest);
  const digestName = digestNameOf(signerInfo.digestAlgorithm.algorithm);
  if (contentType === undefined || messageDigest === undefined) return { ok: false, reason: 'signed attributes missing' };
  if (AsnConvert.parse(contentType, ContentType).value !== id_ct_tstInfo) return { ok: false, reason: 'contentType attribute is not TSTInfo' };
  if (digestName === undefined || digestName === 'sha1') return { ok: false, reason: 'unsupported digest algorithm' };
  if (!digest(digestName, new Uint8Array(eContentBytes)).equals(Buffer.from(AsnConvert.parse(messageDigest, MessageDigest).buffer)))
    return { ok: false, reason: 'messageDigest does not match TSTInfo' };
  // RFC 3161 section 2.4.1 / RFC 5816: the ESS signing-certificate attribute names the TSA certificate.
  const essType = [id_aa_signingCertificateV2, id_aa_signingCertificate].find((type) => attributeValue(signerInfo, type) !== undefined);
  const essValue = essType === undefined ? undefined : attributeValue(signerInfo, essType);
  if (essType === undefined || essValue === undefined || !namesSigningCertificate(essType, essValue, signerDer))
    return { ok: false, reason: 'signing-certificate attribute does not name the signer' };

  const signerCertificate = parseCertificate(signerDer);
  if (signerCertificate === null) return { ok: false, reason: 'the TSA certificate does not parse' };
  const isSigned = verifySignedBytes({
    algorithm: signerInfo.signatureAlgorithm.algorithm,
    digestAlgorithm: signerInfo.digestAlgorithm.algorithm,
    data: signedAttributesDer(signerInfo.signedAttrs ?? []),
    signature: new Uint8Array(signerInfo.signature.buffer),
    publicKey: signerCertificate.publicKey,
  });
  if (!isSigned) return { ok: false, reason: 'signature does not verify' };

  if (!hasTimeStampingUsage(signer)) return { ok: false, reason: 'signer is not a TSA certificate (id-kp-timeStamping, critical)' };
  // The TSA certificate must have been valid and issued by an anchor when it stamped.
  const trust = checkTrust(signerCertificate, parseTrustAnchors(input.trustAnchors), tstInfo.genTime);
  if (trust !== null) return { ok: false, reason: `signer certificate ${trust}` };
  return { ok: true, genTime: tstInfo.genTime, signerCertificate };
};

/**
 * Checks an RFC 3161 time-stamp token over `data`: messageImprint is
 * SHA-256(data), the CMS signature verifies over the signed attributes,
 * whose messageDigest is that of the TSTInfo, and the signer is a TSA
 * certificate issued by a trust anchor. Pure: no network.
 */
export const verifyTimestampToken = (input: VerifyTimestampTokenInput): TimestampVerification => {
  try {
    return verifyParsed(input, input.now ?? new Date());
  } catch (error) {
    return { ok: false, reason: `malformed: ${error instanceof Error ? error.message : String(error)}` };
  }
};
