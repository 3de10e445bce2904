import { decodeOid, decodeString, readDer, TAG, type DerNode } from './der.js';

export type CertificateFields = {
  /** Subject attribute values by OID, in certificate order. */
  subject: Map<string, string[]>;
  /** KeyUsage bits (bit 0 = digitalSignature), or null when the extension is absent. */
  keyUsage: number | null;
  /** Extended key usage OIDs, or null when the extension is absent. */
  extendedKeyUsages: string[] | null;
  policies: string[];
  /** ETSI QcType statements (EN 319 412-5), e.g. esign, from the QCStatements extension. */
  qcTypes: string[];
};

const EXTENSION = { keyUsage: '2.5.29.15', extendedKeyUsage: '2.5.29.37', certificatePolicies: '2.5.29.32', qcStatements: '1.3.6.1.5.5.7.1.3' };
const QC_TYPE_STATEMENT = '0.4.0.1862.1.6';

export const KEY_USAGE_DIGITAL_SIGNATURE = 1 << 0;
export const KEY_USAGE_NON_REPUDIATION = 1 << 1;

const readSubject = (name: DerNode): Map<string, string[]> => {
  const subject = new Map<string, string[]>();
  for (const rdn of name.children()) {
    for (const attribute of rdn.children()) {
      const [type, value] = attribute.children();
      if (type?.tag !== TAG.oid || value === undefined) continue;
      const text = decodeString(value);
      if (text === null) continue;
      const oid = decodeOid(type.content);
      subject.set(oid, [...(subject.get(oid) ?? []), text]);
    }
  }
  return subject;
};

// KeyUsage is a BIT STRING whose first byte counts unused bits; bit 0 is the top bit of the next byte.
const readKeyUsage = (value: DerNode): number => {
  const bits = value.content.subarray(1);
  let flags = 0;
  bits.forEach((byte, index) => {
    for (let bit = 0; bit < 8; bit += 1) if (byte & (0x80 >> bit)) flags |= 1 << (index * 8 + bit);
  });
  return flags;
};

const readOidSequence = (value: DerNode): string[] =>
  value.children().map((item) => (item.tag === TAG.oid ? decodeOid(item.content) : decodeOid(item.children()[0]?.content ?? Buffer.alloc(0))));

// QCStatements is a SEQUENCE of { statementId, statementInfo }; QcType's info is a SEQUENCE of type OIDs.
const readQcTypes = (value: DerNode): string[] =>
  value.children().flatMap((statement) => {
    const [id, info] = statement.children();
    if (id?.tag !== TAG.oid || decodeOid(id.content) !== QC_TYPE_STATEMENT || info?.tag !== TAG.sequence) return [];
    return info.children().flatMap((type) => (type.tag === TAG.oid ? [decodeOid(type.content)] : []));
  });

/** Subject and purpose fields of a DER certificate; throws when it is not one. */
export const readCertificateFields = (der: Uint8Array): CertificateFields => {
  const tbs = readDer(der).children()[0];
  if (tbs?.tag !== TAG.sequence) throw new RangeError('not a certificate');
  const parts = tbs.children();
  // version [0] is optional; subject follows serialNumber, signature, issuer and validity.
  const offset = parts[0]?.tag === 0xa0 ? 1 : 0;
  const subjectNode = parts[offset + 4];
  if (subjectNode?.tag !== TAG.sequence) throw new RangeError('certificate has no subject');
  const fields: CertificateFields = { subject: readSubject(subjectNode), keyUsage: null, extendedKeyUsages: null, policies: [], qcTypes: [] };
  const extensions = parts.find((part) => part.tag === TAG.extensions)?.children()[0]?.children() ?? [];
  for (const extension of extensions) {
    const items = extension.children();
    const oid = items[0]?.tag === TAG.oid ? decodeOid(items[0].content) : '';
    const wrapped = items.at(-1);
    if (wrapped?.tag !== TAG.octetString) continue;
    const value = readDer(wrapped.content);
    if (oid === EXTENSION.keyUsage) fields.keyUsage = readKeyUsage(value);
    if (oid === EXTENSION.extendedKeyUsage) fields.extendedKeyUsages = readOidSequence(value);
    if (oid === EXTENSION.certificatePolicies) fields.policies = readOidSequence(value);
    if (oid === EXTENSION.qcStatements) fields.qcTypes = readQcTypes(value);
  }
  return fields;
};
