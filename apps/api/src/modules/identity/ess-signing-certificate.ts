import { AsnConvert, AsnProp, AsnType, AsnTypeTypes, OctetString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier } from '@peculiar/asn1-x509';
import { digest, digestNameOf, DIGEST_OIDS } from './signed-bytes.js';

/*
 * The ESS signing-certificate attributes (RFC 2634 section 5.4, RFC 5035
 * section 3) that bind a time-stamp token's signature to its TSA certificate
 * (RFC 3161 section 2.4.2, RFC 5816). No kept @peculiar package has them, so
 * their schemas are declared here with asn1-schema; issuerSerial and
 * policies are optional and not used.
 */
export const id_aa_signingCertificate = '1.2.840.113549.1.9.16.2.12';
export const id_aa_signingCertificateV2 = '1.2.840.113549.1.9.16.2.47';

/** ESSCertIDv2 ::= SEQUENCE { hashAlgorithm AlgorithmIdentifier DEFAULT sha256, certHash OCTET STRING, issuerSerial IssuerSerial OPTIONAL } */
export class EssCertIdV2 {
  hashAlgorithm?: AlgorithmIdentifier;
  certHash = new OctetString();
}
AsnProp({ type: AlgorithmIdentifier, optional: true })(EssCertIdV2.prototype, 'hashAlgorithm');
AsnProp({ type: OctetString })(EssCertIdV2.prototype, 'certHash');
AsnType({ type: AsnTypeTypes.Sequence })(EssCertIdV2);

/** SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2, policies SEQUENCE OF PolicyInformation OPTIONAL } */
export class SigningCertificateV2 {
  certs: EssCertIdV2[] = [];
}
AsnProp({ type: EssCertIdV2, repeated: 'sequence' })(SigningCertificateV2.prototype, 'certs');
AsnType({ type: AsnTypeTypes.Sequence })(SigningCertificateV2);

/** ESSCertID ::= SEQUENCE { certHash OCTET STRING (SHA-1), issuerSerial IssuerSerial OPTIONAL } */
export class EssCertId {
  certHash = new OctetString();
}
AsnProp({ type: OctetString })(EssCertId.prototype, 'certHash');
AsnType({ type: AsnTypeTypes.Sequence })(EssCertId);

/** SigningCertificate ::= SEQUENCE { certs SEQUENCE OF ESSCertID, policies SEQUENCE OF PolicyInformation OPTIONAL } */
export class SigningCertificate {
  certs: EssCertId[] = [];
}
AsnProp({ type: EssCertId, repeated: 'sequence' })(SigningCertificate.prototype, 'certs');
AsnType({ type: AsnTypeTypes.Sequence })(SigningCertificate);

/** The DER attribute value naming `certificate` by its SHA-256 hash (hashAlgorithm left at its default). */
export const signingCertificateV2For = (certificate: Uint8Array): ArrayBuffer => {
  const certId = new EssCertIdV2();
  certId.certHash = new OctetString(digest('sha256', certificate));
  const value = new SigningCertificateV2();
  value.certs = [certId];
  return AsnConvert.serialize(value);
};

/**
 * Whether the attribute value's first certificate (the signer's, RFC 5035
 * section 3) is `certificate`: SigningCertificateV2 with its hash algorithm,
 * or SigningCertificate with SHA-1.
 */
export const namesSigningCertificate = (attrType: string, value: ArrayBuffer, certificate: Uint8Array): boolean => {
  if (attrType === id_aa_signingCertificateV2) {
    const first = AsnConvert.parse(value, SigningCertificateV2).certs[0];
    const digestName = digestNameOf(first?.hashAlgorithm?.algorithm ?? DIGEST_OIDS.sha256);
    return first !== undefined && digestName !== undefined && digest(digestName, certificate).equals(Buffer.from(first.certHash.buffer));
  }
  const first = AsnConvert.parse(value, SigningCertificate).certs[0];
  return first !== undefined && digest('sha1', certificate).equals(Buffer.from(first.certHash.buffer));
};
