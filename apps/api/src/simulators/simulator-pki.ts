import { createHash, createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { CLIENT_AUTH_EKU, SMART_ID_QUALIFIED_POLICIES } from '../modules/identity/certificate-purpose.js';
import { createCredentialStore } from './credential-store.js';
import {
  createCertificateAuthority,
  issueCertificate,
  KeyUsageFlags,
  validForDays,
  type Credential,
  type KeyKind,
  type SubjectName,
} from './pki.js';

export type TestPerson = { personalId: string; givenName: string; surname: string };

/** What a simulator needs to answer OK: the person's DER certificate and the key that signs the hash. */
export type SigningIdentity = { certificateDer: Buffer; privateKey: KeyObject };

const OID = {
  country: '2.5.4.6',
  organization: '2.5.4.10',
  organizationalUnit: '2.5.4.11',
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  givenName: '2.5.4.42',
  serialNumber: '2.5.4.5',
};

const SERVER_AUTH_EKU = '1.3.6.1.5.5.7.3.1';
const CA_DAYS = 3650;
const PERSON_DAYS = 730;

const caSubject = (commonName: string): SubjectName => [
  { [OID.country]: ['EE'] },
  { [OID.organization]: ['Onboarding simulator'] },
  { [OID.commonName]: [commonName] },
];

/** An Estonian eID subject as SK issues it (EID-FACTS.md sections 4.3, 5.1 step 9). */
export const personSubject = (person: TestPerson, organization?: string): SubjectName => [
  { [OID.country]: ['EE'] },
  ...(organization === undefined ? [] : [{ [OID.organization]: [organization] }, { [OID.organizationalUnit]: ['authentication'] }]),
  { [OID.commonName]: [`${person.surname},${person.givenName},${person.personalId}`] },
  { [OID.surname]: [person.surname] },
  { [OID.givenName]: [person.givenName] },
  { [OID.serialNumber]: [`PNOEE-${person.personalId}`] },
];

type PersonProfile = { keyKind: KeyKind; keyUsages: number; extendedKeyUsages?: string[]; policies?: string[]; organization?: string };

// Smart-ID accounts are RSA and QUALIFIED, with SK's qualified policies (EID-FACTS.md sections 1.5, 4.2).
const SMART_ID_PROFILE: PersonProfile = {
  keyKind: 'rsa-2048',
  keyUsages: KeyUsageFlags.digitalSignature | KeyUsageFlags.keyEncipherment | KeyUsageFlags.dataEncipherment,
  extendedKeyUsages: [CLIENT_AUTH_EKU],
  policies: [...SMART_ID_QUALIFIED_POLICIES],
};
// SK's Mobile-ID DEMO certificate is ECC, organisation ESTEID (MOBIIL-ID) (EID-FACTS.md section 3.7).
const MOBILE_ID_PROFILE: PersonProfile = { keyKind: 'ec-p256', keyUsages: KeyUsageFlags.digitalSignature, organization: 'ESTEID (MOBIIL-ID)' };
// ID-card authentication certificates: digitalSignature plus clientAuth (EID-FACTS.md section 5.1 step 5.4).
const ID_CARD_PROFILE: PersonProfile = {
  keyKind: 'ec-p384',
  keyUsages: KeyUsageFlags.digitalSignature | KeyUsageFlags.keyAgreement,
  extendedKeyUsages: [CLIENT_AUTH_EKU],
  organization: 'ESTEID',
};

const issuePerson = (ca: Credential, person: TestPerson, profile: PersonProfile): Promise<Credential> =>
  issueCertificate(ca, {
    subject: personSubject(person, profile.organization),
    keyKind: profile.keyKind,
    validity: validForDays(PERSON_DAYS),
    keyUsages: profile.keyUsages,
    ...(profile.extendedKeyUsages === undefined ? {} : { extendedKeyUsages: profile.extendedKeyUsages }),
    ...(profile.policies === undefined ? {} : { policies: profile.policies }),
  });

const toSigningIdentity = (credential: Credential): SigningIdentity => ({
  certificateDer: Buffer.from(new X509Certificate(credential.certificatePem).raw),
  privateKey: createPrivateKey(credential.privateKeyPem),
});

// Stored people carry their CA's fingerprint in the file name, so a renewed CA never serves a person it did not issue.
const caTag = (ca: Credential): string => createHash('sha256').update(ca.certificatePem).digest('hex').slice(0, 12);

export type SimulatorPki = {
  smartIdCa: Credential;
  mobileIdCa: Credential;
  idCardCa: Credential;
  eidTlsCa: Credential;
  eidServer: Credential;
  smartIdPerson(person: TestPerson): Promise<SigningIdentity>;
  mobileIdPerson(person: TestPerson): Promise<SigningIdentity>;
  /** A fresh ID-card authentication certificate and key for the person. */
  issueIdCard(person: TestPerson): Promise<Credential>;
};

/**
 * The simulators' test PKI, kept in `directory`: one CA each for Smart-ID,
 * Mobile-ID and ID-card, one CA for the eid listener's TLS certificate, and
 * people's certificates created on first use and reused later.
 */
export const loadSimulatorPki = async (directory: string): Promise<SimulatorPki> => {
  const store = createCredentialStore(directory);
  const ca = (name: string, commonName: string) => store.get(name, () => createCertificateAuthority(caSubject(commonName), validForDays(CA_DAYS)));
  const [smartIdCa, mobileIdCa, idCardCa, eidTlsCa] = await Promise.all([
    ca('smart-id-ca', 'TEST of Onboarding Simulator Smart-ID CA'),
    ca('mobile-id-ca', 'TEST of Onboarding Simulator Mobile-ID CA'),
    ca('id-card-ca', 'TEST of Onboarding Simulator ID-card CA'),
    ca('eid-tls-ca', 'TEST of Onboarding Simulator TLS CA'),
  ]);
  const eidServer = await store.get(`eid-server-${caTag(eidTlsCa)}`, () =>
    issueCertificate(eidTlsCa, {
      subject: [{ [OID.commonName]: ['localhost'] }],
      keyKind: 'ec-p256',
      validity: validForDays(PERSON_DAYS),
      keyUsages: KeyUsageFlags.digitalSignature,
      extendedKeyUsages: [SERVER_AUTH_EKU],
      subjectAltNames: [
        { type: 'dns', value: 'localhost' },
        { type: 'ip', value: '127.0.0.1' },
      ],
    }),
  );
  const person = (prefix: string, issuer: Credential, profile: PersonProfile) => async (who: TestPerson) =>
    toSigningIdentity(await store.get(`${prefix}-${who.personalId}-${caTag(issuer)}`, () => issuePerson(issuer, who, profile)));

  return {
    smartIdCa,
    mobileIdCa,
    idCardCa,
    eidTlsCa,
    eidServer,
    smartIdPerson: person('smart-id-person', smartIdCa, SMART_ID_PROFILE),
    mobileIdPerson: person('mobile-id-person', mobileIdCa, MOBILE_ID_PROFILE),
    issueIdCard: (who) => issuePerson(idCardCa, who, ID_CARD_PROFILE),
  };
};
