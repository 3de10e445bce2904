import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  Certificate,
  ExtendedKeyUsage,
  Extension,
  Extensions,
  id_ce_basicConstraints,
  id_ce_extKeyUsage,
  id_ce_keyUsage,
  Name,
  RelativeDistinguishedName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Version,
} from '@peculiar/asn1-x509';
import { id_pe_qcStatements, QCStatement, QCStatements } from '@peculiar/asn1-x509-qualified';
import { describe, expect, it } from 'vitest';
import { readCertificateFields } from './certificate-fields.js';
import { QC_TYPE_ESIGN } from './certificate-purpose.js';

/*
 * The simulators' certificates always carry key usage, and their subjects only
 * UTF8 and PrintableStrings. These are built field by field for what those
 * cannot show; reading the fields checks no signature or key, so none is made.
 */
const attribute = (type: string, value: Partial<AttributeValue>) => new AttributeTypeAndValue({ type, value: new AttributeValue(value) });

const extension = (extnID: string, value: ArrayBuffer | Uint8Array) => new Extension({ extnID, extnValue: new OctetString(value) });

const ECDSA_WITH_SHA256 = new AlgorithmIdentifier({ algorithm: '1.2.840.10045.4.3.2' });

const certificate = (subject: AttributeTypeAndValue[][], extensions?: Extension[]): Uint8Array => {
  const tbsCertificate = new TBSCertificate({
    version: Version.v3,
    serialNumber: new Uint8Array([1]).buffer,
    signature: ECDSA_WITH_SHA256,
    issuer: new Name([new RelativeDistinguishedName([attribute('2.5.4.3', { utf8String: 'CA' })])]),
    subject: new Name(subject.map((rdn) => new RelativeDistinguishedName(rdn))),
    subjectPublicKeyInfo: new SubjectPublicKeyInfo({ algorithm: new AlgorithmIdentifier({ algorithm: '1.2.840.10045.2.1' }) }),
    ...(extensions === undefined ? {} : { extensions: new Extensions(extensions) }),
  });
  return new Uint8Array(AsnConvert.serialize(new Certificate({ tbsCertificate, signatureAlgorithm: ECDSA_WITH_SHA256, signatureValue: new ArrayBuffer(1) })));
};

// statementInfo is optional; the library writes it unless it is undefined.
const statement = (statementId: string, statementInfo?: ArrayBuffer) => Object.assign(new QCStatement(), { statementId, statementInfo });

// ETSI's QcType has ExtendedKeyUsage's shape, a SEQUENCE OF OBJECT IDENTIFIER; asn1-x509-qualified has no class for it.
const qcType = (...types: string[]): ArrayBuffer => AsnConvert.serialize(new ExtendedKeyUsage(types));

describe('readCertificateFields', () => {
  it('reads every string type a name may use, keeps order and repeats, and leaves out values that are not strings', () => {
    const der = certificate([
      [attribute('2.5.4.6', { printableString: 'EE' })],
      [attribute('2.5.4.4', { utf8String: 'ŽÕÄÖÜ' }), attribute('2.5.4.42', { bmpString: 'Mäŗt' })],
      [attribute('2.5.4.42', { teletexString: 'Jürgen' })],
      [attribute('2.5.4.3', { universalString: 'Ōkami' })],
      [attribute('1.2.840.113549.1.9.1', { ia5String: 'ok@example.ee' })],
      [attribute('2.5.4.5', { anyValue: new Uint8Array([0x02, 0x01, 0x05]).buffer })],
    ]);
    expect(readCertificateFields(der).subject).toEqual(
      new Map([
        ['2.5.4.6', ['EE']],
        ['2.5.4.4', ['ŽÕÄÖÜ']],
        ['2.5.4.42', ['Mäŗt', 'Jürgen']],
        ['2.5.4.3', ['Ōkami']],
        ['1.2.840.113549.1.9.1', ['ok@example.ee']],
      ]),
    );
  });

  it('reports absent key usage and EKU extensions as null, and absent policies and QC statements as none', () => {
    expect(readCertificateFields(certificate([]))).toEqual({ subject: new Map(), keyUsage: null, extendedKeyUsages: null, policies: [], qcTypes: [] });
    const unrelated = certificate([], [extension(id_ce_basicConstraints, new Uint8Array([0x30, 0x00]))]);
    expect(readCertificateFields(unrelated)).toMatchObject({ keyUsage: null, extendedKeyUsages: null, policies: [], qcTypes: [] });
  });

  it('reads a key usage with no bits set as none (the library gives NaN)', () => {
    // BIT STRING of one byte, all of it unused padding: no usage at all.
    const noBits = certificate([], [extension(id_ce_keyUsage, new Uint8Array([0x03, 0x01, 0x00]))]);
    expect(readCertificateFields(noBits).keyUsage).toBe(0);
  });

  it('reads QcType from the QC statements, skipping other statements and a QcType without information', () => {
    const statements = new QCStatements([
      statement('0.4.0.1862.1.1'),
      statement('0.4.0.1862.1.6'),
      statement('0.4.0.1862.1.5', new Uint8Array([0x30, 0x00]).buffer),
      statement('0.4.0.1862.1.6', qcType(QC_TYPE_ESIGN, '0.4.0.1862.1.6.2')),
    ]);
    const der = certificate([], [extension(id_pe_qcStatements, AsnConvert.serialize(statements))]);
    expect(readCertificateFields(der).qcTypes).toEqual([QC_TYPE_ESIGN, '0.4.0.1862.1.6.2']);
  });

  it('throws on bytes that are not a certificate and on an extension it reads that does not parse', () => {
    expect(() => readCertificateFields(Buffer.from('nonsense'))).toThrow();
    expect(() => readCertificateFields(Buffer.alloc(0))).toThrow();
    const asNull = new Uint8Array([0x05, 0x00]);
    expect(() => readCertificateFields(certificate([], [extension(id_ce_keyUsage, asNull)]))).toThrow();
    expect(() => readCertificateFields(certificate([], [extension(id_ce_extKeyUsage, asNull)]))).toThrow();
    const badQcType = new QCStatements([statement('0.4.0.1862.1.6', asNull.buffer)]);
    expect(() => readCertificateFields(certificate([], [extension(id_pe_qcStatements, AsnConvert.serialize(badQcType))]))).toThrow();
  });
});
