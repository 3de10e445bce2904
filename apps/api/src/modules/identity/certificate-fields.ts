import { AsnArray, AsnConvert, AsnPropTypes, AsnType, AsnTypeTypes } from '@peculiar/asn1-schema';
import {
  CertificatePolicies,
  ExtendedKeyUsage,
  id_ce_certificatePolicies,
  id_ce_extKeyUsage,
  id_ce_keyUsage,
  KeyUsage,
  KeyUsageFlags,
  type AttributeValue,
  type Name,
} from '@peculiar/asn1-x509';
import { id_pe_qcStatements, QCStatements } from '@peculiar/asn1-x509-qualified';
import { asnCertificateOf, rememberedByCertificate } from './certificate-parsing.js';

export type CertificateFields = {
  /** Subject attribute values by OID, in certificate order. */
  subject: Map<string, string[]>;
  /** KeyUsage bits as KeyUsageFlags (bit 0 = digitalSignature), or null when the extension is absent. */
  keyUsage: number | null;
  /** Extended key usage OIDs, or null when the extension is absent. */
  extendedKeyUsages: string[] | null;
  policies: string[];
  /** ETSI QcType statements (EN 319 412-5), e.g. esign, from the QCStatements extension. */
  qcTypes: string[];
};

export const KEY_USAGE_DIGITAL_SIGNATURE = KeyUsageFlags.digitalSignature;
export const KEY_USAGE_NON_REPUDIATION = KeyUsageFlags.nonRepudiation;

/** id-etsi-qcs-QcType (ETSI EN 319 412-5). */
const QC_TYPE_STATEMENT = '0.4.0.1862.1.6';

// asn1-x509-qualified knows only RFC 3739's statements; ETSI's QcType is a SEQUENCE OF OBJECT IDENTIFIER.
class QcType extends AsnArray<string> {}
AsnType({ type: AsnTypeTypes.Sequence, itemType: AsnPropTypes.ObjectIdentifier })(QcType);

// A name attribute that is not a string (anyValue) says nothing a person check could use.
const attributeText = (value: AttributeValue): string | undefined =>
  value.utf8String ?? value.printableString ?? value.ia5String ?? value.teletexString ?? value.bmpString ?? value.universalString;

const readSubject = (name: Name): Map<string, string[]> => {
  const subject = new Map<string, string[]>();
  for (const rdn of name) {
    for (const { type, value } of rdn) {
      const text = attributeText(value);
      if (text !== undefined) subject.set(type, [...(subject.get(type) ?? []), text]);
    }
  }
  return subject;
};

// statementInfo is optional; the library leaves an absent one as an empty buffer.
const readQcTypes = (statements: QCStatements): string[] =>
  Array.from(statements).flatMap(({ statementId, statementInfo }) =>
    statementId === QC_TYPE_STATEMENT && statementInfo.byteLength > 0 ? Array.from(AsnConvert.parse(statementInfo, QcType)) : [],
  );

/** Subject and purpose fields of a DER certificate; throws when it, or one of these extensions, does not parse. */
export const readCertificateFields: (der: Uint8Array) => CertificateFields = rememberedByCertificate((der) => {
  const { subject, extensions = [] } = asnCertificateOf(der as Uint8Array).tbsCertificate;
  const fields: CertificateFields = { subject: readSubject(subject), keyUsage: null, extendedKeyUsages: null, policies: [], qcTypes: [] };
  for (const { extnID, extnValue } of extensions) {
    const value = extnValue.buffer;
    // A key usage with no bits set reads as NaN from the library; it grants nothing.
    if (extnID === id_ce_keyUsage) fields.keyUsage = AsnConvert.parse(value, KeyUsage).toNumber() || 0;
    if (extnID === id_ce_extKeyUsage) fields.extendedKeyUsages = Array.from(AsnConvert.parse(value, ExtendedKeyUsage));
    if (extnID === id_ce_certificatePolicies) fields.policies = Array.from(AsnConvert.parse(value, CertificatePolicies), (policy) => policy.policyIdentifier);
    if (extnID === id_pe_qcStatements) fields.qcTypes = readQcTypes(AsnConvert.parse(value, QCStatements));
  }
  return fields;
});
