// @peculiar/x509 loads tsyringe, which needs the reflect-metadata API on the global Reflect.
import 'reflect-metadata';
import { createPrivateKey, webcrypto } from 'node:crypto';

import {
  AuthorityInfoAccessExtension,
  AuthorityKeyIdentifierExtension,
  BasicConstraintsExtension,
  CertificatePolicyExtension,
  ExtendedKeyUsageExtension,
  Extension,
  KeyUsageFlags,
  KeyUsagesExtension,
  SubjectAlternativeNameExtension,
  SubjectKeyIdentifierExtension,
  X509Certificate,
  X509CertificateGenerator,
  type JsonGeneralName,
} from '@peculiar/x509';

/** A certificate with its private key, both PEM. */
export type Credential = { certificatePem: string; privateKeyPem: string };

/** Subject attributes by OID, in order, e.g. [{ '2.5.4.6': ['EE'] }]. */
export type SubjectName = Record<string, string[]>[];

export type KeyKind = 'rsa-2048' | 'ec-p256' | 'ec-p384';

const subtle = webcrypto.subtle;
// @peculiar/x509 takes the WebCrypto provider explicitly, so no global provider is set for other code.
// Its parameter is typed as the DOM's Crypto, which is Node's webcrypto under another name.
const provider = webcrypto as unknown as NonNullable<Parameters<typeof X509CertificateGenerator.create>[1]>;

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

const KEY_ALGORITHMS: Record<KeyKind, webcrypto.RsaHashedKeyGenParams | webcrypto.EcKeyGenParams> = {
  'rsa-2048': { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
  'ec-p256': { name: 'ECDSA', namedCurve: 'P-256' },
  'ec-p384': { name: 'ECDSA', namedCurve: 'P-384' },
};

// Every simulator CA uses P-256 and signs with ECDSA SHA-256, so a stored CA key always re-imports the same way.
const CA_KEY: webcrypto.EcKeyImportParams = { name: 'ECDSA', namedCurve: 'P-256' };
const CA_SIGNING = { name: 'ECDSA', hash: 'SHA-256' };

const generateKeys = (kind: KeyKind): Promise<CryptoKeyPair> => subtle.generateKey(KEY_ALGORITHMS[kind], true, ['sign', 'verify']) as Promise<CryptoKeyPair>;

const privateKeyToPem = async (key: CryptoKey): Promise<string> =>
  createPrivateKey({ key: Buffer.from(await subtle.exportKey('pkcs8', key)), format: 'der', type: 'pkcs8' })
    .export({ type: 'pkcs8', format: 'pem' })
    .toString();

const importCaKey = (privateKeyPem: string): Promise<CryptoKey> =>
  subtle.importKey('pkcs8', createPrivateKey(privateKeyPem).export({ type: 'pkcs8', format: 'der' }), CA_KEY, false, ['sign']);

export type Validity = { notBefore: Date; notAfter: Date };

const DAY_MS = 86_400_000;

/** From a day ago (clock skew) for the given number of days. */
export const validForDays = (days: number, now: Date = new Date()): Validity => ({
  notBefore: new Date(now.getTime() - DAY_MS),
  notAfter: new Date(now.getTime() + days * DAY_MS),
});

export const createCertificateAuthority = async (subject: SubjectName, validity: Validity): Promise<Credential> => {
  const keys = await generateKeys('ec-p256');
  const certificate = await X509CertificateGenerator.createSelfSigned(
    {
      name: subject,
      keys,
      ...validity,
      signingAlgorithm: CA_SIGNING,
      extensions: [
        new BasicConstraintsExtension(true, 0, true),
        new KeyUsagesExtension(KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign, true),
        await SubjectKeyIdentifierExtension.create(keys.publicKey, false, provider),
      ],
    },
    provider,
  );
  return { certificatePem: certificate.toString('pem'), privateKeyPem: await privateKeyToPem(keys.privateKey) };
};

export type LeafProfile = {
  subject: SubjectName;
  keyKind: KeyKind;
  validity: Validity;
  keyUsages: KeyUsageFlags;
  extendedKeyUsages?: string[];
  policies?: string[];
  subjectAltNames?: JsonGeneralName[];
  /** Adds QCStatements for a qualified electronic signature certificate (QcCompliance, QcSSCD, QcType esign). */
  isQualifiedSignature?: boolean;
  /** RFC 3161 section 2.3: a TSA certificate's extended key usage must be critical. */
  isExtendedKeyUsageCritical?: boolean;
  /** Any further extensions, e.g. Authority Information Access or id-pkix-ocsp-nocheck. */
  extraExtensions?: Extension[];
};

const QC_STATEMENTS_OID = '1.3.6.1.5.5.7.1.3';
/*
 * DER of QCStatements (ETSI EN 319 412-5), as SK's qualified signing
 * certificates carry them:
 *   SEQUENCE {
 *     SEQUENCE { OID 0.4.0.1862.1.1 }                          QcCompliance
 *     SEQUENCE { OID 0.4.0.1862.1.4 }                          QcSSCD
 *     SEQUENCE { OID 0.4.0.1862.1.6, SEQUENCE { OID 0.4.0.1862.1.6.1 } }  QcType esign
 *   }
 */
const QC_STATEMENTS_ESIGN = Buffer.from(
  '3029' + '3008' + '060604008e460101' + '3008' + '060604008e460104' + '3013' + '060604008e460106' + '3009' + '060704008e46010601',
  'hex',
);

export const issueCertificate = async (issuer: Credential, profile: LeafProfile): Promise<Credential> => {
  const keys = await generateKeys(profile.keyKind);
  const issuerCertificate = new X509Certificate(issuer.certificatePem);
  const extensions: Extension[] = [
    new BasicConstraintsExtension(false, undefined, true),
    new KeyUsagesExtension(profile.keyUsages, true),
    await SubjectKeyIdentifierExtension.create(keys.publicKey, false, provider),
    await AuthorityKeyIdentifierExtension.create(issuerCertificate, false, provider),
  ];
  if (profile.extendedKeyUsages !== undefined)
    extensions.push(new ExtendedKeyUsageExtension(profile.extendedKeyUsages, profile.isExtendedKeyUsageCritical ?? false));
  if (profile.policies !== undefined) extensions.push(new CertificatePolicyExtension(profile.policies));
  if (profile.subjectAltNames !== undefined) extensions.push(new SubjectAlternativeNameExtension(profile.subjectAltNames));
  if (profile.isQualifiedSignature) extensions.push(new Extension(QC_STATEMENTS_OID, false, QC_STATEMENTS_ESIGN));
  if (profile.extraExtensions !== undefined) extensions.push(...profile.extraExtensions);
  const certificate = await X509CertificateGenerator.create(
    {
      subject: profile.subject,
      issuer: issuerCertificate.subject,
      publicKey: keys.publicKey,
      signingKey: await importCaKey(issuer.privateKeyPem),
      ...profile.validity,
      signingAlgorithm: CA_SIGNING,
      extensions,
    },
    provider,
  );
  return { certificatePem: certificate.toString('pem'), privateKeyPem: await privateKeyToPem(keys.privateKey) };
};

export { AuthorityInfoAccessExtension, Extension, KeyUsageFlags };
