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
import { CLIENT_AUTH_EKU, QC_TYPE_ESIGN, SMART_ID_QUALIFIED_POLICIES, SMART_ID_QUALIFIED_SIGNING_POLICIES } from './certificate-purpose.js';
import {
  validateAuthenticationResponse,
  validateIdCardCertificate,
  validateIdCardSignature,
  validateSignatureResponse,
  validateSigningCertificate,
  type AuthenticationResponse,
  type SignatureResponse,
} from './certificate-validation.js';
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
    expect(validateAuthenticationResponse(responseFor(await issue({}, otherCa)))).toMatchObject({
      ok: false,
      code: 'invalid_certificate',
      reason: 'untrusted',
    });
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
    issue(
      { keyKind: 'ec-p384', keyUsages: KeyUsageFlags.digitalSignature | KeyUsageFlags.keyAgreement, extendedKeyUsages: [CLIENT_AUTH_EKU], ...overrides },
      ca,
    );

  it('accepts a trusted client-authentication certificate and names the person', async () => {
    const card = await idCard();
    expect(validateIdCardCertificate(card.certificatePem, [trustedCa.certificatePem])).toEqual({
      ok: true,
      person: { personalId: '40504040001', countryCode: 'EE', givenName: 'OK', surname: 'TESTNUMBER' },
    });
  });

  it('rejects an untrusted, an expired and a wrong-purpose certificate', async () => {
    const untrusted = await idCard({}, otherCa);
    expect(validateIdCardCertificate(untrusted.certificatePem, [trustedCa.certificatePem])).toMatchObject({
      ok: false,
      code: 'invalid_certificate',
      reason: 'untrusted',
    });
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

describe('validateSignatureResponse (PIN2 signatures)', () => {
  const signing = (overrides: Partial<LeafProfile> = {}, ca: Credential = trustedCa) =>
    issue({ keyUsages: KeyUsageFlags.nonRepudiation, isQualifiedSignature: true, ...overrides }, ca);
  const signedBy = (credential: Credential, overrides: Partial<SignatureResponse> = {}): SignatureResponse => responseFor(credential, overrides);

  it('accepts a signing certificate and returns the evidence', async () => {
    const credential = await signing();
    const now = new Date();
    const response = signedBy(credential, { now, expectedCertificate: new X509Certificate(credential.certificatePem).raw });
    expect(validateSignatureResponse(response)).toEqual({
      ok: true,
      evidence: {
        signature: Buffer.from(response.signature).toString('base64'),
        signatureAlgorithm: 'ecdsa-with-SHA512',
        certificate: new X509Certificate(credential.certificatePem).raw.toString('base64'),
        hashType: 'SHA512',
        signingTime: now.toISOString(),
        signer: { personalId: '40504040001', countryCode: 'EE', givenName: 'OK', surname: 'TESTNUMBER' },
      },
    });
    const rsa = await signing({ keyKind: 'rsa-2048' });
    expect(validateSignatureResponse(signedBy(rsa))).toMatchObject({ ok: true, evidence: { signatureAlgorithm: 'sha512WithRSAEncryption' } });
  });

  it('refuses an authentication certificate even when its signature is right, and a signing certificate for sign-in', async () => {
    const authentication = await issue({ keyUsages: KeyUsageFlags.digitalSignature | KeyUsageFlags.keyEncipherment });
    expect(validateSignatureResponse(signedBy(authentication))).toEqual({ ok: false, code: 'invalid_certificate', reason: 'wrong_key_usage' });
    expect(validateAuthenticationResponse(responseFor(await signing()))).toEqual({ ok: false, code: 'invalid_certificate', reason: 'wrong_key_usage' });
  });

  it('refuses an expired, a not yet valid and an untrusted signing certificate', async () => {
    const expired = await signing({ validity: { notBefore: new Date(Date.now() - 10 * DAY), notAfter: new Date(Date.now() - DAY) } });
    expect(validateSignatureResponse(signedBy(expired))).toEqual({ ok: false, code: 'invalid_certificate', reason: 'expired' });
    const future = await signing({ validity: { notBefore: new Date(Date.now() + DAY), notAfter: new Date(Date.now() + 10 * DAY) } });
    expect(validateSignatureResponse(signedBy(future))).toMatchObject({ ok: false, reason: 'not_yet_valid' });
    expect(validateSignatureResponse(signedBy(await signing({}, otherCa)))).toEqual({ ok: false, code: 'invalid_certificate', reason: 'untrusted' });
  });

  it('refuses a signature over another hash, another person and another certificate than the signed data names', async () => {
    const credential = await signing();
    const other = createHash('sha512').update('another hash').digest();
    expect(validateSignatureResponse(signedBy(credential, { hash: other }))).toEqual({ ok: false, code: 'unexpected', reason: 'signature_mismatch' });
    expect(validateSignatureResponse(signedBy(credential, { expectedPersonalId: '50001029996' }))).toEqual({
      ok: false,
      code: 'unexpected',
      reason: 'personal_id_mismatch',
    });
    const another = await signing();
    expect(validateSignatureResponse(signedBy(credential, { expectedCertificate: new X509Certificate(another.certificatePem).raw }))).toEqual({
      ok: false,
      code: 'unexpected',
      reason: 'certificate_mismatch',
    });
  });

  it('requires the Smart-ID qualified signing policies and QcType esign when asked', async () => {
    const purpose = { policies: SMART_ID_QUALIFIED_SIGNING_POLICIES, qcTypes: [QC_TYPE_ESIGN] };
    const qualified = await signing({ policies: [...SMART_ID_QUALIFIED_SIGNING_POLICIES] });
    expect(validateSignatureResponse(signedBy(qualified, { purpose })).ok).toBe(true);
    const authenticationPolicies = await signing({ policies: [...SMART_ID_QUALIFIED_POLICIES] });
    expect(validateSignatureResponse(signedBy(authenticationPolicies, { purpose }))).toMatchObject({ ok: false, reason: 'policy_missing' });
    const noQcStatements = await signing({ policies: [...SMART_ID_QUALIFIED_SIGNING_POLICIES], isQualifiedSignature: false });
    expect(validateSignatureResponse(signedBy(noQcStatements, { purpose }))).toMatchObject({ ok: false, reason: 'qc_type_missing' });
  });
});

describe('validateSigningCertificate (before signing)', () => {
  const check = (credential: Credential, overrides: Partial<Parameters<typeof validateSigningCertificate>[0]> = {}) =>
    validateSigningCertificate({
      certificate: new X509Certificate(credential.certificatePem).raw,
      trustAnchors: parseTrustAnchors([trustedCa.certificatePem]),
      expectedPersonalId: person.personalId,
      ...overrides,
    });

  it('accepts a signing certificate naming the person; refuses authentication certificates, other people and low levels', async () => {
    const credential = await issue({ keyUsages: KeyUsageFlags.nonRepudiation });
    expect(check(credential)).toEqual({ ok: true, person: { personalId: '40504040001', countryCode: 'EE', givenName: 'OK', surname: 'TESTNUMBER' } });
    expect(check(credential, { expectedPersonalId: '50001029996' })).toMatchObject({ ok: false, reason: 'personal_id_mismatch' });
    expect(check(credential, { level: { requested: 'QUALIFIED', reported: 'ADVANCED' } })).toMatchObject({ ok: false, reason: 'level_too_low' });
    // The requirement cannot be weakened to authentication.
    expect(check(await issue(), { purpose: { use: 'authentication' } })).toMatchObject({ ok: false, reason: 'wrong_key_usage' });
  });
});

describe('validateIdCardSignature', () => {
  it('reads Base64 from the browser and refuses text that is not', async () => {
    const credential = await issue({ keyKind: 'ec-p384', keyUsages: KeyUsageFlags.nonRepudiation });
    const sha256 = createHash('sha256').update('contract').digest();
    const input = {
      certificate: new X509Certificate(credential.certificatePem).raw.toString('base64'),
      signature: signDigest(createPrivateKey(credential.privateKeyPem), sha256, 'SHA256').toString('base64'),
      hash: sha256,
      hashType: 'SHA256',
      trustAnchors: [trustedCa.certificatePem],
      expectedPersonalId: person.personalId,
    } as const;
    expect(validateIdCardSignature(input)).toMatchObject({ ok: true, evidence: { signatureAlgorithm: 'ecdsa-with-SHA256' } });
    expect(validateIdCardSignature({ ...input, certificate: '-----BEGIN CERTIFICATE-----' })).toEqual({
      ok: false,
      code: 'invalid_certificate',
      reason: 'malformed',
    });
    expect(validateIdCardSignature({ ...input, expectedCertificate: '%%' })).toMatchObject({ ok: false, reason: 'certificate_mismatch' });
  });
});
