import { createHash, createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { CLIENT_AUTH_EKU, SMART_ID_QUALIFIED_POLICIES, SMART_ID_QUALIFIED_SIGNING_POLICIES } from '../modules/identity/certificate-purpose.js';
import { createCredentialStore } from './credential-store.js';
import {
  AuthorityInfoAccessExtension,
  createCertificateAuthority,
  Extension,
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
const OCSP_SIGNING_EKU = '1.3.6.1.5.5.7.3.9';
const TIME_STAMPING_EKU = '1.3.6.1.5.5.7.3.8';
// id-pkix-ocsp-nocheck (RFC 6960 section 4.2.2.2.1): the responder's own certificate is not checked by OCSP. Its value is NULL.
const OCSP_NOCHECK = new Extension('1.3.6.1.5.5.7.48.1.5', false, Buffer.from('0500', 'hex'));
/*
 * What the signing certificates' Authority Information Access names as their
 * OCSP responder. The simulators listen on a port chosen at start while the
 * certificates are kept on disk across starts, so no URL with a port can be
 * baked in. The certificates name this stable URL instead, under .invalid
 * (RFC 6761: it never resolves, so a client that was not told where the
 * responder is fails rather than asks someone else), and a client maps each
 * issuer to the listener's /ocsp (SimulatorHandle.ocspResponders), as DigiDoc
 * maps SK's responders by issuer from its TSL configuration.
 */
export const SIMULATOR_OCSP_AIA_URL = 'http://ocsp.onboarding-simulator.invalid/ocsp';
// Stored signing certificates made before they carried AIA must not be reused: this tag is part of their file names.
const SIGNING_CACHE_TAG = 'aia1';
// Stored ID-card certificates made while their subject still named O=ESTEID and a unit must not be reused either.
const ID_CARD_CACHE_TAG = 'bare';
const CA_DAYS = 3650;
const PERSON_DAYS = 730;

const caSubject = (commonName: string): SubjectName => [
  { [OID.country]: ['EE'] },
  { [OID.organization]: ['Onboarding simulator'] },
  { [OID.commonName]: [commonName] },
];

/**
 * An Estonian eID subject as SK issues it (docs/eid-facts.md sections 4.3, 5.1
 * step 9). ID-card and Mobile-ID certificates add the organisation and a unit
 * naming the certificate's use: authentication or digital signature.
 */
export const personSubject = (person: TestPerson, organization?: string, organizationalUnit = 'authentication'): SubjectName => [
  { [OID.country]: ['EE'] },
  ...(organization === undefined ? [] : [{ [OID.organization]: [organization] }, { [OID.organizationalUnit]: [organizationalUnit] }]),
  { [OID.commonName]: [`${person.surname},${person.givenName},${person.personalId}`] },
  { [OID.surname]: [person.surname] },
  { [OID.givenName]: [person.givenName] },
  { [OID.serialNumber]: [`PNOEE-${person.personalId}`] },
];

type PersonProfile = {
  keyKind: KeyKind;
  keyUsages: number;
  extendedKeyUsages?: string[];
  policies?: string[];
  organization?: string;
  organizationalUnit?: string;
  isQualifiedSignature?: boolean;
  /** The OCSP responder named in Authority Information Access. */
  ocspUrl?: string;
};

// Smart-ID accounts are RSA and QUALIFIED, with SK's qualified policies (docs/eid-facts.md sections 1.5, 4.2).
const SMART_ID_PROFILE: PersonProfile = {
  keyKind: 'rsa-2048',
  keyUsages: KeyUsageFlags.digitalSignature | KeyUsageFlags.keyEncipherment | KeyUsageFlags.dataEncipherment,
  extendedKeyUsages: [CLIENT_AUTH_EKU],
  policies: [...SMART_ID_QUALIFIED_POLICIES],
};
// SK's Mobile-ID DEMO certificate is ECC, organisation ESTEID (MOBIIL-ID)
// (docs/eid-facts.md section 3.7).
const MOBILE_ID_PROFILE: PersonProfile = { keyKind: 'ec-p256', keyUsages: KeyUsageFlags.digitalSignature, organization: 'ESTEID (MOBIIL-ID)' };
/*
 * ID-card authentication certificates: digitalSignature plus clientAuth
 * (docs/eid-facts.md section 5.1 step 5.4), a P-384 key on the 2018 and the
 * 2025 cards alike. Cards since 2018 name no organisation or unit: the
 * authentication and the signing certificate have one subject, which a Web eID
 * 1.1 token's check needs (section 1.11).
 */
const ID_CARD_PROFILE: PersonProfile = {
  keyKind: 'ec-p384',
  keyUsages: KeyUsageFlags.digitalSignature | KeyUsageFlags.keyAgreement,
  extendedKeyUsages: [CLIENT_AUTH_EKU],
};

/*
 * Signing certificates: the same subject and CA as the person's
 * authentication certificate, a separate key, key usage nonRepudiation only
 * and QCStatements with QcType esign, as SK's qualified signing certificates
 * (docs/eid-facts.md section 4.2; SK's 3.x Java client checks policies, key
 * usage and QcType for Smart-ID).
 */
const SIGNING = { keyUsages: KeyUsageFlags.nonRepudiation, isQualifiedSignature: true, ocspUrl: SIMULATOR_OCSP_AIA_URL } as const;
const SMART_ID_SIGNING_PROFILE: PersonProfile = { ...SIGNING, keyKind: 'rsa-2048', policies: [...SMART_ID_QUALIFIED_SIGNING_POLICIES] };
const MOBILE_ID_SIGNING_PROFILE: PersonProfile = {
  ...SIGNING,
  keyKind: 'ec-p256',
  organization: 'ESTEID (MOBIIL-ID)',
  organizationalUnit: 'digital signature',
};
const ID_CARD_SIGNING_PROFILE: PersonProfile = { ...SIGNING, keyKind: 'ec-p384' };

const issuePerson = (ca: Credential, person: TestPerson, profile: PersonProfile): Promise<Credential> =>
  issueCertificate(ca, {
    subject: personSubject(person, profile.organization, profile.organizationalUnit),
    keyKind: profile.keyKind,
    validity: validForDays(PERSON_DAYS),
    keyUsages: profile.keyUsages,
    ...(profile.extendedKeyUsages === undefined ? {} : { extendedKeyUsages: profile.extendedKeyUsages }),
    ...(profile.policies === undefined ? {} : { policies: profile.policies }),
    ...(profile.isQualifiedSignature ? { isQualifiedSignature: true } : {}),
    ...(profile.ocspUrl === undefined ? {} : { extraExtensions: [new AuthorityInfoAccessExtension({ ocsp: profile.ocspUrl })] }),
  });

/** A delegated OCSP responder certificate (RFC 6960 section 4.2.2.2): issued by the CA it answers for, EKU id-kp-OCSPSigning. */
const issueOcspResponder = (ca: Credential, commonName: string): Promise<Credential> =>
  issueCertificate(ca, {
    subject: caSubject(commonName),
    keyKind: 'ec-p256',
    validity: validForDays(PERSON_DAYS),
    keyUsages: KeyUsageFlags.digitalSignature,
    extendedKeyUsages: [OCSP_SIGNING_EKU],
    extraExtensions: [OCSP_NOCHECK],
  });

const toSigningIdentity = (credential: Credential): SigningIdentity => ({
  certificateDer: Buffer.from(new X509Certificate(credential.certificatePem).raw),
  privateKey: createPrivateKey(credential.privateKeyPem),
});

// Stored people carry their CA's fingerprint in the file name, so a renewed CA never serves a person it did not issue.
const caTag = (ca: Credential): string => createHash('sha256').update(ca.certificatePem).digest('hex').slice(0, 12);
// ID-card holders' names come from the test that issued their card, so a stored signing certificate is kept per name too.
const nameTag = (person: TestPerson): string => createHash('sha256').update(`${person.givenName}\n${person.surname}`).digest('hex').slice(0, 8);

/**
 * The ID-card chains the simulators stand in for: the cards issued since 2018
 * and the new generation issued since December 2025 (docs/eid-facts.md
 * section 1.11). A bank trusts both.
 */
export type IdCardGeneration = 'ESTEID2018' | 'ESTEID2025';

/** A CA the OCSP responder answers for and the delegated responder certificate that signs its answers. */
export type OcspAuthority = { ca: Credential; responder: Credential };

export type SimulatorPki = {
  smartIdCa: Credential;
  mobileIdCa: Credential;
  /** The ID-card CA standing for ESTEID2018. */
  idCardCa: Credential;
  /** The ID-card CA standing for ESTEID2025. */
  idCard2025Ca: Credential;
  eidTlsCa: Credential;
  eidServer: Credential;
  /** The Smart-ID, Mobile-ID and both ID-card CAs with their OCSP responders. */
  ocspAuthorities: OcspAuthority[];
  /** The time-stamping authority's CA and its certificate (EKU id-kp-timeStamping, critical). */
  tsaCa: Credential;
  tsa: Credential;
  /**
   * The personal code of a person certificate this CA issued, by serial
   * number, if this run issued it or loaded it from disk; the OCSP responder
   * answers unknown for any other.
   */
  holderOf(ca: Credential, serialNumber: bigint): string | undefined;
  /** The person's authentication certificate and key. */
  smartIdPerson(person: TestPerson): Promise<SigningIdentity>;
  mobileIdPerson(person: TestPerson): Promise<SigningIdentity>;
  /** The person's signing (PIN2) certificate and key: same CA and subject, another key, nonRepudiation. */
  smartIdSigner(person: TestPerson): Promise<SigningIdentity>;
  mobileIdSigner(person: TestPerson): Promise<SigningIdentity>;
  /** The signing certificate and key of the person's card, from its generation's CA (ESTEID2018 unless given). */
  idCardSigner(person: TestPerson, generation?: IdCardGeneration): Promise<SigningIdentity>;
  /** The authentication (PIN1) certificate and key of the person's card in the simulated reader, from its generation's CA. */
  idCardPerson(person: TestPerson, generation?: IdCardGeneration): Promise<SigningIdentity>;
  /** A fresh ID-card authentication certificate and key for the person (ESTEID2018). */
  issueIdCard(person: TestPerson): Promise<Credential>;
};

/**
 * The simulators' test PKI, kept in `directory`: one CA each for Smart-ID and
 * Mobile-ID, two for ID-cards (ESTEID2018 and ESTEID2025), one CA for the eid listener's TLS certificate, and
 * people's certificates created on first use and reused later.
 */
export const loadSimulatorPki = async (directory: string): Promise<SimulatorPki> => {
  const store = createCredentialStore(directory);
  const ca = (name: string, commonName: string) => store.get(name, () => createCertificateAuthority(caSubject(commonName), validForDays(CA_DAYS)));
  const [smartIdCa, mobileIdCa, idCardCa, idCard2025Ca, eidTlsCa, tsaCa] = await Promise.all([
    ca('smart-id-ca', 'TEST of Onboarding Simulator Smart-ID CA'),
    ca('mobile-id-ca', 'TEST of Onboarding Simulator Mobile-ID CA'),
    ca('id-card-ca', 'TEST of Onboarding Simulator ID-card CA'),
    ca('id-card-2025-ca', 'TEST of Onboarding Simulator ID-card CA 2025'),
    ca('eid-tls-ca', 'TEST of Onboarding Simulator TLS CA'),
    ca('tsa-ca', 'TEST of Onboarding Simulator TSA CA'),
  ]);
  const responder = (name: string, issuer: Credential, commonName: string) =>
    store.get(`${name}-ocsp-${caTag(issuer)}`, () => issueOcspResponder(issuer, commonName));
  const [smartIdOcsp, mobileIdOcsp, idCardOcsp, idCard2025Ocsp] = await Promise.all([
    responder('smart-id', smartIdCa, 'TEST of Onboarding Simulator Smart-ID OCSP RESPONDER'),
    responder('mobile-id', mobileIdCa, 'TEST of Onboarding Simulator Mobile-ID OCSP RESPONDER'),
    responder('id-card', idCardCa, 'TEST of Onboarding Simulator ID-card OCSP RESPONDER'),
    responder('id-card-2025', idCard2025Ca, 'TEST of Onboarding Simulator ID-card 2025 OCSP RESPONDER'),
  ]);
  const tsa = await store.get(`tsa-${caTag(tsaCa)}`, () =>
    issueCertificate(tsaCa, {
      subject: caSubject('TEST of Onboarding Simulator TSA'),
      keyKind: 'ec-p256',
      validity: validForDays(PERSON_DAYS),
      keyUsages: KeyUsageFlags.digitalSignature,
      extendedKeyUsages: [TIME_STAMPING_EKU],
      isExtendedKeyUsageCritical: true,
    }),
  );
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
  // `${caTag}:${serial}` -> personal code of every person certificate handed out this run.
  const holders = new Map<string, string>();
  const holderKey = (issuer: Credential, serialNumber: bigint) => `${caTag(issuer)}:${serialNumber.toString(16)}`;
  const person =
    (prefix: string, issuer: Credential, profile: PersonProfile, tag: (who: TestPerson) => string = () => caTag(issuer)) =>
    async (who: TestPerson) => {
      const credential = await store.get(`${prefix}-${who.personalId}-${tag(who)}`, () => issuePerson(issuer, who, profile));
      holders.set(holderKey(issuer, BigInt(`0x${new X509Certificate(credential.certificatePem).serialNumber}`)), who.personalId);
      return toSigningIdentity(credential);
    };
  const signingPrefix = (service: string) => `${service}-signing-${SIGNING_CACHE_TAG}`;
  const idCardTag = (issuer: Credential) => (who: TestPerson) => `${caTag(issuer)}-${nameTag(who)}`;
  const idCardSigners = {
    ESTEID2018: person(`${signingPrefix('id-card')}-${ID_CARD_CACHE_TAG}`, idCardCa, ID_CARD_SIGNING_PROFILE, idCardTag(idCardCa)),
    ESTEID2025: person(`${signingPrefix('id-card')}-${ID_CARD_CACHE_TAG}`, idCard2025Ca, ID_CARD_SIGNING_PROFILE, idCardTag(idCard2025Ca)),
  };
  const idCardPeople = {
    ESTEID2018: person(`id-card-person-${ID_CARD_CACHE_TAG}`, idCardCa, ID_CARD_PROFILE, idCardTag(idCardCa)),
    ESTEID2025: person(`id-card-person-${ID_CARD_CACHE_TAG}`, idCard2025Ca, ID_CARD_PROFILE, idCardTag(idCard2025Ca)),
  };

  return {
    smartIdCa,
    mobileIdCa,
    idCardCa,
    idCard2025Ca,
    eidTlsCa,
    eidServer,
    ocspAuthorities: [
      { ca: smartIdCa, responder: smartIdOcsp },
      { ca: mobileIdCa, responder: mobileIdOcsp },
      { ca: idCardCa, responder: idCardOcsp },
      { ca: idCard2025Ca, responder: idCard2025Ocsp },
    ],
    tsaCa,
    tsa,
    holderOf: (issuer, serialNumber) => holders.get(holderKey(issuer, serialNumber)),
    smartIdPerson: person('smart-id-person', smartIdCa, SMART_ID_PROFILE),
    mobileIdPerson: person('mobile-id-person', mobileIdCa, MOBILE_ID_PROFILE),
    smartIdSigner: person(signingPrefix('smart-id'), smartIdCa, SMART_ID_SIGNING_PROFILE),
    mobileIdSigner: person(signingPrefix('mobile-id'), mobileIdCa, MOBILE_ID_SIGNING_PROFILE),
    idCardSigner: (who, generation = 'ESTEID2018') => idCardSigners[generation](who),
    idCardPerson: (who, generation = 'ESTEID2018') => idCardPeople[generation](who),
    issueIdCard: async (who) => {
      const card = await issuePerson(idCardCa, who, ID_CARD_PROFILE);
      holders.set(holderKey(idCardCa, BigInt(`0x${new X509Certificate(card.certificatePem).serialNumber}`)), who.personalId);
      return card;
    },
  };
};
