import { CertID } from '@peculiar/asn1-ocsp';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier } from '@peculiar/asn1-x509';
import { asnCertificateOf, rememberedByCertificate } from './certificate-parsing.js';
import { digest, digestNameOf, DIGEST_OIDS, type DigestName } from './signed-bytes.js';

/** A DER INTEGER's content as a number, so 00-padded and unpadded serials compare equal. */
export const serialToBigInt = (serial: ArrayBuffer): bigint => {
  const hex = Buffer.from(serial).toString('hex');
  return hex === '' ? 0n : BigInt(`0x${hex}`);
};

/**
 * The CertID (RFC 6960 section 4.1.1) naming `certificate` as issued by
 * `issuer`: hashes of the issuer's DER name and of its public key's BIT
 * STRING value, and the serial number. Both DER.
 */
export const createCertId = (certificate: Uint8Array, issuer: Uint8Array, digestName: DigestName = 'sha256'): CertID => {
  const hashes = issuerHashes(issuer, digestName);
  return new CertID({
    hashAlgorithm: new AlgorithmIdentifier({ algorithm: DIGEST_OIDS[digestName] }),
    issuerNameHash: new OctetString(hashes.nameHash),
    issuerKeyHash: new OctetString(hashes.keyHash),
    serialNumber: asnCertificateOf(certificate).tbsCertificate.serialNumber,
  });
};

/** The issuer half of a CertID: hashes of the issuer's DER name and of its public key's BIT STRING value. */
export const issuerHashes = (issuer: Uint8Array, digestName: DigestName): { nameHash: Buffer; keyHash: Buffer } => issuerHashesBy(digestName)(issuer);

// Every OCSP request and answer names the same few issuers: their hashes are worked out once per digest.
const hashersByDigest = new Map<DigestName, (issuer: Uint8Array) => { nameHash: Buffer; keyHash: Buffer }>();
const issuerHashesBy = (digestName: DigestName) => {
  let hasher = hashersByDigest.get(digestName);
  if (hasher === undefined) {
    hasher = rememberedByCertificate((issuer) => {
      const issuerTbs = asnCertificateOf(issuer as Uint8Array).tbsCertificate;
      return {
        nameHash: digest(digestName, new Uint8Array(AsnConvert.serialize(issuerTbs.subject))),
        keyHash: digest(digestName, new Uint8Array(issuerTbs.subjectPublicKeyInfo.subjectPublicKey)),
      };
    });
    hashersByDigest.set(digestName, hasher);
  }
  return hasher;
};

/** Whether the CertID's issuer hashes are this issuer's. */
export const isCertIdIssuedBy = (certId: CertID, issuer: Uint8Array): boolean => {
  const digestName = digestNameOf(certId.hashAlgorithm.algorithm);
  if (digestName === undefined) return false;
  const hashes = issuerHashes(issuer, digestName);
  return Buffer.from(certId.issuerNameHash.buffer).equals(hashes.nameHash) && Buffer.from(certId.issuerKeyHash.buffer).equals(hashes.keyHash);
};

/** Whether a responder's CertID names this certificate and issuer, under whichever hash the CertID uses (SHA-1 or SHA-2). */
export const isCertIdFor = (certId: CertID, certificate: Uint8Array, issuer: Uint8Array): boolean =>
  isCertIdIssuedBy(certId, issuer) && serialToBigInt(certId.serialNumber) === serialToBigInt(asnCertificateOf(certificate).tbsCertificate.serialNumber);
