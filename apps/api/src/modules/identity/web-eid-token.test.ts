import { createHash, createPrivateKey, sign, X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCertificateAuthority, issueCertificate, KeyUsageFlags, validForDays, type Credential, type LeafProfile } from '../../simulators/pki.js';
import { personSubject } from '../../simulators/simulator-pki.js';
import { CLIENT_AUTH_EKU } from './certificate-purpose.js';
import { validateWebEidAuthToken, type WebEidAuthToken, type WebEidSigningCertificate } from './web-eid-token.js';

const ORIGIN = 'https://pank.example.ee';
const NONCE = Buffer.alloc(32, 3).toString('base64');
const person = { personalId: '48001019964', givenName: 'CARD 2025', surname: 'TESTNUMBER' };
const caSubject = (name: string) => [{ '2.5.4.3': [name] }];
const DAY = 86_400_000;

let trustedCa: Credential;
let otherTrustedCa: Credential;
// The trusted CA's name on another key: what it issues names the right issuer but does not chain.
let impostorCa: Credential;
let authentication: Credential;
let signing: Credential;

const issueAuthentication = (ca: Credential) =>
  issueCertificate(ca, {
    subject: personSubject(person),
    keyKind: 'ec-p384',
    validity: validForDays(30),
    keyUsages: KeyUsageFlags.digitalSignature,
    extendedKeyUsages: [CLIENT_AUTH_EKU],
  });

const issueSigning = (overrides: Partial<LeafProfile> = {}, ca: Credential = trustedCa) =>
  issueCertificate(ca, {
    subject: personSubject(person),
    keyKind: 'ec-p384',
    validity: validForDays(30),
    keyUsages: KeyUsageFlags.nonRepudiation,
    ...overrides,
  });

const base64Der = (credential: Credential) => Buffer.from(new X509Certificate(credential.certificatePem).raw).toString('base64');

const ECC_SHA384 = { cryptoAlgorithm: 'ECC', hashFunction: 'SHA-384', paddingScheme: 'NONE' };

const signingEntry = (credential: Credential, algorithms = [ECC_SHA384]): WebEidSigningCertificate => ({
  certificate: base64Der(credential),
  supportedSignatureAlgorithms: algorithms,
});

/** A token the card would send: its authentication key's signature over SHA-384(origin) ‖ SHA-384(nonce). */
const tokenOf = (format: string, extra: Partial<WebEidAuthToken> = {}, card: Credential = authentication): WebEidAuthToken => {
  const sha384 = (text: string) => createHash('sha384').update(text).digest();
  const signature = sign('sha384', Buffer.concat([sha384(ORIGIN), sha384(NONCE)]), { key: createPrivateKey(card.privateKeyPem), dsaEncoding: 'ieee-p1363' });
  return { unverifiedCertificate: base64Der(card), algorithm: 'ES384', signature: signature.toString('base64'), format, ...extra };
};

const validate = (token: WebEidAuthToken, now?: Date) =>
  validateWebEidAuthToken({
    token,
    nonce: NONCE,
    origin: ORIGIN,
    trustAnchors: [trustedCa.certificatePem, otherTrustedCa.certificatePem],
    ...(now === undefined ? {} : { now }),
  });

beforeAll(async () => {
  [trustedCa, otherTrustedCa, impostorCa] = await Promise.all([
    createCertificateAuthority(caSubject('TEST ESTEID2025'), validForDays(365)),
    createCertificateAuthority(caSubject('TEST ESTEID2018'), validForDays(365)),
    createCertificateAuthority(caSubject('TEST ESTEID2025'), validForDays(365)),
  ]);
  authentication = await issueAuthentication(trustedCa);
  signing = await issueSigning();
});

describe('validateWebEidAuthToken: formats', () => {
  it.each(['web-eid:1', 'web-eid:1.0'])('accepts %s without signing certificates', (format) => {
    expect(validate(tokenOf(format))).toMatchObject({ ok: true, person: { personalId: person.personalId } });
  });

  it.each(['web-eid:1.2', 'web-eid:1.10', 'web-eid:10', 'web-eid:2', 'web-eid:1.0.1', 'WEB-EID:1.0', ''])('refuses the format "%s"', (format) => {
    expect(validate(tokenOf(format))).toEqual({ ok: false, code: 'unexpected', reason: 'unsupported_token' });
  });
});

describe('validateWebEidAuthToken: format web-eid:1.1', () => {
  it('accepts signing certificates of the same person and CA, valid, nonRepudiation, from a trusted CA', () => {
    const token = tokenOf('web-eid:1.1', { unverifiedSigningCertificates: [signingEntry(signing)] });
    expect(validate(token)).toMatchObject({ ok: true, person: { personalId: person.personalId, givenName: 'CARD 2025' } });
  });

  const refusal = (reason: string) => ({ ok: false, code: 'unexpected', reason: `signing_certificate_${reason}` });

  it('refuses a 1.1 token without signing certificates', () => {
    expect(validate(tokenOf('web-eid:1.1'))).toEqual(refusal('missing'));
    expect(validate(tokenOf('web-eid:1.1', { unverifiedSigningCertificates: [] }))).toEqual(refusal('missing'));
  });

  it('refuses a signing certificate with another subject', async () => {
    const someoneElse = await issueSigning({ subject: personSubject({ ...person, personalId: '38001085718' }) });
    expect(validate(tokenOf('web-eid:1.1', { unverifiedSigningCertificates: [signingEntry(someoneElse)] }))).toEqual(refusal('subject_differs'));
    // The same person named with an organisation and unit is another subject too.
    const withUnit = await issueSigning({ subject: personSubject(person, 'ESTEID', 'digital signature') });
    expect(validate(tokenOf('web-eid:1.1', { unverifiedSigningCertificates: [signingEntry(withUnit)] }))).toEqual(refusal('subject_differs'));
  });

  it('refuses a signing certificate from another CA, though that CA is trusted', async () => {
    const fromOtherCa = await issueSigning({}, otherTrustedCa);
    expect(validate(tokenOf('web-eid:1.1', { unverifiedSigningCertificates: [signingEntry(fromOtherCa)] }))).toEqual(refusal('issuer_differs'));
  });

  it('refuses a signing certificate that is not valid now', async () => {
    const expired = await issueSigning({ validity: { notBefore: new Date(Date.now() - 40 * DAY), notAfter: new Date(Date.now() - DAY) } });
    expect(validate(tokenOf('web-eid:1.1', { unverifiedSigningCertificates: [signingEntry(expired)] }))).toEqual(refusal('expired'));
    const future = await issueSigning({ validity: { notBefore: new Date(Date.now() + DAY), notAfter: new Date(Date.now() + 40 * DAY) } });
    expect(validate(tokenOf('web-eid:1.1', { unverifiedSigningCertificates: [signingEntry(future)] }))).toEqual(refusal('not_yet_valid'));
  });

  it('refuses a signing certificate without nonRepudiation', async () => {
    const authenticationOnly = await issueSigning({ keyUsages: KeyUsageFlags.digitalSignature });
    expect(validate(tokenOf('web-eid:1.1', { unverifiedSigningCertificates: [signingEntry(authenticationOnly)] }))).toEqual(refusal('wrong_key_usage'));
  });

  it('refuses a signing certificate no trusted CA issued, though it names the trusted CA', async () => {
    const forged = await issueSigning({}, impostorCa);
    expect(validate(tokenOf('web-eid:1.1', { unverifiedSigningCertificates: [signingEntry(forged)] }))).toEqual(refusal('untrusted'));
  });

  it('refuses a signing certificate that does not parse', () => {
    const entry = { certificate: Buffer.from('not a certificate').toString('base64'), supportedSignatureAlgorithms: [ECC_SHA384] };
    expect(validate(tokenOf('web-eid:1.1', { unverifiedSigningCertificates: [entry] }))).toEqual(refusal('malformed'));
  });

  it('refuses unknown or missing signature algorithms', () => {
    const unknown = signingEntry(signing, [{ cryptoAlgorithm: 'ECC', hashFunction: 'MD5', paddingScheme: 'NONE' }]);
    expect(validate(tokenOf('web-eid:1.1', { unverifiedSigningCertificates: [unknown] }))).toEqual(refusal('unknown_algorithm'));
    expect(validate(tokenOf('web-eid:1.1', { unverifiedSigningCertificates: [signingEntry(signing, [])] }))).toEqual(refusal('unknown_algorithm'));
  });

  it('refuses the whole token when one of several signing certificates fails', async () => {
    const fromOtherCa = await issueSigning({}, otherTrustedCa);
    const token = tokenOf('web-eid:1.1', { unverifiedSigningCertificates: [signingEntry(signing), signingEntry(fromOtherCa)] });
    expect(validate(token)).toEqual(refusal('issuer_differs'));
  });

  it('checks the authentication signature before the signing certificates', () => {
    const token = {
      ...tokenOf('web-eid:1.1', { unverifiedSigningCertificates: [signingEntry(signing)] }),
      signature: tokenOf('web-eid:1.0', {}, signing).signature,
    };
    expect(validate(token)).toMatchObject({ ok: false, code: 'unexpected' });
  });
});
