import { createHash, createPrivateKey, X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCertificateAuthority,
  issueCertificate,
  KeyUsageFlags,
  validForDays,
  type Credential,
  type KeyKind,
  type LeafProfile,
} from '../../simulators/pki.js';
import { personSubject } from '../../simulators/simulator-pki.js';
import { parseTrustAnchors } from './certificate-parsing.js';
import { CLIENT_AUTH_EKU, SMART_ID_QUALIFIED_POLICIES } from './certificate-purpose.js';
import { validateAuthenticationResponse, validateIdCardCertificate, type AuthenticationResponse } from './certificate-validation.js';
import { signDigest } from './digest-signature.js';

const person = { personalId: '40504040001', givenName: 'OK', surname: 'TESTNUMBER' };
const caSubject = (name: string) => [{ '2.5.4.3': [name] }];
const DAY = 86_400_000;

let trustedCa: Credential;
let otherCa: Credential;

const issue = (overrides: Partial<LeafProfile> & { keyKind?: KeyKind } = {}, ca: Credential = trustedCa) =>
  issueCertificate(ca, {
    subject: personSubject(person),
    keyKind: 'ec-p256',
    validity: validForDays(30),
    keyUsages: KeyUsageFlags.digitalSignature,
    ...overrides,
  });

const hash = createHash('sha512').update('the hash we sent').digest();

const responseFor = (credential: Credential, overrides: Partial<AuthenticationResponse> = {}): AuthenticationResponse => ({
  certificate: new X509Certificate(credential.certificatePem).raw,
  signature: signDigest(createPrivateKey(credential.privateKeyPem), hash, 'SHA512'),
  hash,
  hashType: 'SHA512',
  trustAnchors: parseTrustAnchors([trustedCa.certificatePem]),
  expectedPersonalId: person.personalId,
  ...overrides,
});

beforeAll(async () => {
  trustedCa = await createCertificateAuthority(caSubject('trusted test CA'), validForDays(365));
  otherCa = await createCertificateAuthority(caSubject('other test CA'), validForDays(365));
});

describe('validateAuthenticationResponse', () => {
  it('accepts an ECDSA (raw r||s) signature over the hash and takes the person from the certificate', async () => {
    expect(validateAuthenticationResponse(responseFor(await issue()))).toEqual({
      ok: true,
      person: { personalId: '40504040001', countryCode: 'EE', givenName: 'OK', surname: 'TESTNUMBER' },
    });
  });

  it('accepts an RSA PKCS#1 v1.5 signature over DigestInfo||hash', async () => {
    expect(validateAuthenticationResponse(responseFor(await issue({ keyKind: 'rsa-2048' }))).ok).toBe(true);
  });

  it('rejects a signature over a different hash', async () => {
    const credential = await issue();
    const other = createHash('sha512').update('another hash').digest();
    expect(validateAuthenticationResponse(responseFor(credential, { hash: other }))).toEqual({
      ok: false,
      code: 'unexpected',
      reason: 'signature_mismatch',
    });
  });

  it('rejects a certificate from an untrusted CA', async () => {
    expect(validateAuthenticationResponse(responseFor(await issue({}, otherCa)))).toMatchObject({ ok: false, code: 'invalid_certificate', reason: 'untrusted' });
  });

  it('rejects an expired and a not yet valid certificate', async () => {
    const expired = await issue({ validity: { notBefore: new Date(Date.now() - 10 * DAY), notAfter: new Date(Date.now() - DAY) } });
    expect(validateAuthenticationResponse(responseFor(expired))).toMatchObject({ ok: false, code: 'invalid_certificate', reason: 'expired' });
    const future = await issue({ validity: { notBefore: new Date(Date.now() + DAY), notAfter: new Date(Date.now() + 10 * DAY) } });
    expect(validateAuthenticationResponse(responseFor(future))).toMatchObject({ ok: false, reason: 'not_yet_valid' });
  });

  it('rejects a certificate for another person than the flow was started for', async () => {
    expect(validateAuthenticationResponse(responseFor(await issue(), { expectedPersonalId: '50001029996' }))).toEqual({
      ok: false,
      code: 'unexpected',
      reason: 'personal_id_mismatch',
    });
  });

  it('reads a Mobile-ID style bare serialNumber, and refuses non-Estonian subjects', async () => {
    const bare = await issue({ subject: [{ '2.5.4.4': ['TESTNUMBER'] }, { '2.5.4.42': ['OK'] }, { '2.5.4.5': [person.personalId] }] });
    expect(validateAuthenticationResponse(responseFor(bare)).ok).toBe(true);
    const latvian = await issue({ subject: [{ '2.5.4.4': ['T'] }, { '2.5.4.42': ['O'] }, { '2.5.4.5': ['PNOLV-40504040001'] }] });
    expect(validateAuthenticationResponse(responseFor(latvian))).toMatchObject({ ok: false, reason: 'not_estonian' });
    const badCheckDigit = await issue({ subject: [{ '2.5.4.4': ['T'] }, { '2.5.4.42': ['O'] }, { '2.5.4.5': ['PNOEE-40504040002'] }] });
    expect(validateAuthenticationResponse(responseFor(badCheckDigit))).toMatchObject({ ok: false, reason: 'not_estonian' });
  });

  it('takes names from CN when GN and SN are absent', async () => {
    const credential = await issue({ subject: [{ '2.5.4.3': ['TESTNUMBER,OK,40504040001'] }, { '2.5.4.5': ['PNOEE-40504040001'] }] });
    expect(validateAuthenticationResponse(responseFor(credential))).toMatchObject({ ok: true, person: { givenName: 'OK', surname: 'TESTNUMBER' } });
  });

  it('requires digitalSignature, the Smart-ID qualified policies and level', async () => {
    const encipherOnly = await issue({ keyUsages: KeyUsageFlags.keyEncipherment });
    expect(validateAuthenticationResponse(responseFor(encipherOnly))).toMatchObject({ ok: false, reason: 'wrong_key_usage' });
    const noPolicies = await issue();
    const purpose = { policies: SMART_ID_QUALIFIED_POLICIES };
    expect(validateAuthenticationResponse(responseFor(noPolicies, { purpose }))).toMatchObject({ ok: false, reason: 'policy_missing' });
    const qualified = await issue({ policies: [...SMART_ID_QUALIFIED_POLICIES] });
    expect(validateAuthenticationResponse(responseFor(qualified, { purpose })).ok).toBe(true);
    const level = { requested: 'QUALIFIED', reported: 'ADVANCED' } as const;
    expect(validateAuthenticationResponse(responseFor(qualified, { purpose, level }))).toMatchObject({ ok: false, reason: 'level_too_low' });
  });

  it('rejects bytes that are not a certificate', () => {
    expect(validateAuthenticationResponse({ ...responseForBytes(), certificate: Buffer.from('nonsense') })).toMatchObject({ ok: false, reason: 'malformed' });
  });
});

const responseForBytes = (): AuthenticationResponse => ({
  certificate: Buffer.alloc(0),
  signature: Buffer.alloc(0),
  hash,
  hashType: 'SHA512',
  trustAnchors: parseTrustAnchors([trustedCa.certificatePem]),
  expectedPersonalId: person.personalId,
});

describe('validateIdCardCertificate', () => {
  const idCard = (overrides: Partial<LeafProfile> = {}, ca: Credential = trustedCa) =>
    issue({ keyKind: 'ec-p384', keyUsages: KeyUsageFlags.digitalSignature | KeyUsageFlags.keyAgreement, extendedKeyUsages: [CLIENT_AUTH_EKU], ...overrides }, ca);

  it('accepts a trusted client-authentication certificate and names the person', async () => {
    const card = await idCard();
    expect(validateIdCardCertificate(card.certificatePem, [trustedCa.certificatePem])).toEqual({
      ok: true,
      person: { personalId: '40504040001', countryCode: 'EE', givenName: 'OK', surname: 'TESTNUMBER' },
    });
  });

  it('rejects an untrusted, an expired and a wrong-purpose certificate', async () => {
    const untrusted = await idCard({}, otherCa);
    expect(validateIdCardCertificate(untrusted.certificatePem, [trustedCa.certificatePem])).toMatchObject({ ok: false, code: 'invalid_certificate', reason: 'untrusted' });
    const card = await idCard();
    expect(validateIdCardCertificate(card.certificatePem, [trustedCa.certificatePem], new Date(Date.now() + 60 * DAY))).toMatchObject({
      ok: false,
      code: 'invalid_certificate',
      reason: 'expired',
    });
    const serverOnly = await idCard({ extendedKeyUsages: ['1.3.6.1.5.5.7.3.1'] });
    expect(validateIdCardCertificate(serverOnly.certificatePem, [trustedCa.certificatePem])).toMatchObject({ ok: false, reason: 'wrong_key_usage' });
  });

  it('rejects text that is not a certificate', () => {
    expect(validateIdCardCertificate('not a pem', [trustedCa.certificatePem])).toMatchObject({ ok: false, code: 'invalid_certificate', reason: 'malformed' });
  });
});
