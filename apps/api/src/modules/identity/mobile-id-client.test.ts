import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { createCertificateAuthority, issueCertificate, KeyUsageFlags, validForDays, type Credential } from '../../simulators/pki.js';
import { personSubject } from '../../simulators/simulator-pki.js';
import { signDigest } from './digest-signature.js';
import { startFakeJsonServer, type FakeAnswer, type RecordedRequest } from '../../test/fake-json-server.js';
import { createMobileIdClient, type MobileIdClient } from './mobile-id-client.js';
import { IdentityError } from './types.js';

const hash = createHash('sha256').update('mobile-id client test').digest();
const personalId = '60001019906';
const phoneNumber = '+37200000766';
let answer: (request: RecordedRequest) => FakeAnswer = () => ({ status: 500 });
let server: Awaited<ReturnType<typeof startFakeJsonServer>>;
let ca: Credential;
let client: MobileIdClient;

beforeAll(async () => {
  server = await startFakeJsonServer((request) => answer(request));
  ca = await createCertificateAuthority([{ '2.5.4.3': ['test Mobile-ID CA'] }], validForDays(365));
  client = createMobileIdClient({
    baseUrl: `${server.url}/mid-api`,
    relyingPartyUuid: '00000000-0000-0000-0000-000000000000',
    relyingPartyName: 'DEMO',
    trustAnchors: [ca.certificatePem],
  });
});
afterAll(() => server.close());

const pollWith = async (sessionAnswer: FakeAnswer) => {
  answer = (request) => (request.method === 'POST' ? { status: 200, body: { sessionID: 'mid-1', time: 't', traceId: 'x' } } : sessionAnswer);
  const { providerSessionId } = await client.start({ personalId, phoneNumber, hash, hashType: 'SHA256' });
  return client.poll({ providerSessionId, personalId, hash, hashType: 'SHA256', timeoutMs: 1000 });
};

describe('Mobile-ID client requests', () => {
  it('starts with POST /authentication and polls GET /authentication/session/{id}?timeoutMs=', async () => {
    server.requests.length = 0;
    await pollWith({ status: 200, body: { state: 'RUNNING' } });
    const [start, poll] = server.requests;
    expect(start).toEqual({
      method: 'POST',
      url: '/mid-api/authentication',
      body: {
        relyingPartyUUID: '00000000-0000-0000-0000-000000000000',
        relyingPartyName: 'DEMO',
        phoneNumber,
        nationalIdentityNumber: personalId,
        hash: hash.toString('base64'),
        hashType: 'SHA256',
        language: 'EST',
        // õ is not GSM-7, so the text goes as UCS-2
        // (docs/eid-facts.md section 3.3).
        displayText: 'Ettevõtte konto avamine',
        displayTextFormat: 'UCS-2',
      },
    });
    expect(poll).toMatchObject({ method: 'GET', url: '/mid-api/authentication/session/mid-1?timeoutMs=1000' });
  });

  it.each([
    ['en', 'ENG', 'Opening a business account', 'GSM-7'],
    ['ru', 'RUS', 'Открытие счёта компании', 'UCS-2'],
    ['et', 'EST', 'Ettevõtte konto avamine', 'UCS-2'],
  ] as const)('speaks the person’s language %s: prompt %s, text %s as %s', async (locale, language, displayText, displayTextFormat) => {
    server.requests.length = 0;
    answer = () => ({ status: 200, body: { sessionID: 'mid-2' } });
    await client.start({ personalId, phoneNumber, hash, hashType: 'SHA256', locale });
    expect(server.requests[0]?.body).toMatchObject({ language, displayText, displayTextFormat });
  });

  it('refuses a phone number or personal code that cannot exist without calling SK', async () => {
    await expect(client.start({ personalId, phoneNumber: '37200000766', hash, hashType: 'SHA256' })).rejects.toMatchObject({ code: 'user_not_found' });
    await expect(client.start({ personalId, hash, hashType: 'SHA256' })).rejects.toMatchObject({ code: 'user_not_found' });
    await expect(client.start({ personalId: '60001019907', phoneNumber, hash, hashType: 'SHA256' })).rejects.toMatchObject({ code: 'user_not_found' });
  });
});

describe('Mobile-ID start statuses (docs/eid-facts.md section 3.4)', () => {
  it.each([400, 401, 405, 500, 503])('%i -> unexpected', async (status) => {
    answer = () => ({ status, body: { error: 'x', time: 't', traceId: 'y' } });
    const error = await client.start({ personalId, phoneNumber, hash, hashType: 'SHA256' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IdentityError);
    expect((error as IdentityError).code).toBe('unexpected');
  });
});

describe('Mobile-ID results (docs/eid-facts.md section 3.4)', () => {
  it.each([
    ['TIMEOUT', 'timeout'],
    ['EXPIRED_TRANSACTION', 'timeout'],
    ['NOT_MID_CLIENT', 'user_not_found'],
    ['NOT_ACTIVE', 'user_not_found'],
    ['USER_CANCELLED', 'user_cancelled'],
    ['SIGNATURE_HASH_MISMATCH', 'sim_error'],
    ['PHONE_ABSENT', 'phone_absent'],
    ['DELIVERY_ERROR', 'delivery_error'],
    ['SIM_ERROR', 'sim_error'],
    ['SOMETHING_NEW', 'unexpected'],
  ])('%s -> %s', async (result, code) => {
    expect(await pollWith({ status: 200, body: { state: 'COMPLETE', result, time: 't', traceId: 'x' } })).toEqual({ status: 'FAILED', code, detail: result });
  });

  it('RUNNING stays running; OK without certificate is unexpected', async () => {
    expect(await pollWith({ status: 200, body: { state: 'RUNNING' } })).toEqual({ status: 'RUNNING' });
    expect(await pollWith({ status: 200, body: { state: 'COMPLETE', result: 'OK' } })).toMatchObject({ status: 'FAILED', code: 'unexpected' });
  });

  it.each([
    [404, 'timeout'],
    [400, 'unexpected'],
    [401, 'unexpected'],
    [500, 'unexpected'],
  ])('session status %i -> %s', async (status, code) => {
    expect(await pollWith({ status, body: { error: 'x' } })).toMatchObject({ status: 'FAILED', code });
  });
});

describe('Mobile-ID signing requests', () => {
  const who = { personalId, givenName: 'MARY ÄNN', surname: 'O’CONNEŽ-ŠUSLIK TESTNUMBER' };
  let signing: Credential;
  let certificate: string;

  beforeAll(async () => {
    signing = await issueCertificate(ca, {
      subject: personSubject(who, 'ESTEID (MOBIIL-ID)', 'digital signature'),
      keyKind: 'ec-p256',
      validity: validForDays(30),
      keyUsages: KeyUsageFlags.nonRepudiation,
    });
    certificate = Buffer.from(new X509Certificate(signing.certificatePem).raw).toString('base64');
  });

  const signer = { personalId, countryCode: 'EE', givenName: 'MARY ÄNN', surname: 'O’CONNEŽ-ŠUSLIK TESTNUMBER' };

  it('fetches the signing certificate with POST /certificate', async () => {
    server.requests.length = 0;
    answer = () => ({ status: 200, body: { result: 'OK', cert: certificate, time: 't', traceId: 'x' } });
    expect(await client.signingCertificate({ personalId, phoneNumber })).toEqual({ certificate, signer });
    expect(server.requests[0]).toEqual({
      method: 'POST',
      url: '/mid-api/certificate',
      body: { relyingPartyUUID: '00000000-0000-0000-0000-000000000000', relyingPartyName: 'DEMO', phoneNumber, nationalIdentityNumber: personalId },
    });
  });

  it.each([
    [{ status: 200, body: { result: 'NOT_FOUND' } }, 'user_not_found'],
    [{ status: 200, body: { result: 'NOT_ACTIVE' } }, 'user_not_found'],
    [{ status: 200, body: { result: 'SOMETHING_NEW' } }, 'unexpected'],
    [{ status: 200, body: { result: 'OK' } }, 'unexpected'],
    [{ status: 400, body: { error: 'x' } }, 'unexpected'],
    [{ status: 401, body: { error: 'x' } }, 'unexpected'],
  ])('certificate answer %j -> %s', async (certificateAnswer, code) => {
    answer = () => certificateAnswer;
    await expect(client.signingCertificate({ personalId, phoneNumber })).rejects.toMatchObject({ code });
  });

  it('refuses a certificate naming someone else or one that is not for signing', async () => {
    answer = () => ({ status: 200, body: { result: 'OK', cert: certificate } });
    await expect(client.signingCertificate({ personalId: '60001018800', phoneNumber })).rejects.toMatchObject({
      code: 'unexpected',
      message: 'personal_id_mismatch',
    });
    const authentication = await issueCertificate(ca, {
      subject: personSubject(who, 'ESTEID (MOBIIL-ID)'),
      keyKind: 'ec-p256',
      validity: validForDays(30),
      keyUsages: KeyUsageFlags.digitalSignature,
    });
    answer = () => ({ status: 200, body: { result: 'OK', cert: Buffer.from(new X509Certificate(authentication.certificatePem).raw).toString('base64') } });
    await expect(client.signingCertificate({ personalId, phoneNumber })).rejects.toMatchObject({ code: 'invalid_certificate', message: 'wrong_key_usage' });
  });

  it('signs with POST /signature and polls GET /signature/session/{id}; the answer carries no certificate', async () => {
    server.requests.length = 0;
    const signature = signDigest(createPrivateKey(signing.privateKeyPem), hash, 'SHA256').toString('base64');
    answer = (request) =>
      request.method === 'POST'
        ? { status: 200, body: { sessionID: 'sig-1' } }
        : { status: 200, body: { state: 'COMPLETE', result: 'OK', signature: { value: signature, algorithm: 'SHA256WithECEncryption' } } };
    const { providerSessionId } = await client.startSignature({ personalId, phoneNumber, hash, hashType: 'SHA256', displayText: 'Sign the contract' });
    expect(await client.pollSignature({ providerSessionId, personalId, hash, hashType: 'SHA256', certificate, timeoutMs: 1000 })).toMatchObject({
      status: 'COMPLETE',
      evidence: { signature, certificate, signatureAlgorithm: 'ecdsa-with-SHA256', hashType: 'SHA256', signer },
    });
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      url: '/mid-api/signature',
      body: {
        phoneNumber,
        nationalIdentityNumber: personalId,
        hash: hash.toString('base64'),
        hashType: 'SHA256',
        displayText: 'Sign the contract',
        displayTextFormat: 'GSM-7',
      },
    });
    expect(server.requests[1]).toMatchObject({ method: 'GET', url: '/mid-api/signature/session/sig-1?timeoutMs=1000' });
  });

  it.each([
    ['USER_CANCELLED', 'user_cancelled'],
    ['TIMEOUT', 'timeout'],
    ['NOT_MID_CLIENT', 'user_not_found'],
    ['SIGNATURE_HASH_MISMATCH', 'sim_error'],
  ])('signature result %s -> %s', async (result, code) => {
    answer = (request) => (request.method === 'POST' ? { status: 200, body: { sessionID: 'sig-2' } } : { status: 200, body: { state: 'COMPLETE', result } });
    const { providerSessionId } = await client.startSignature({ personalId, phoneNumber, hash, hashType: 'SHA256' });
    expect(await client.pollSignature({ providerSessionId, personalId, hash, hashType: 'SHA256', certificate, timeoutMs: 1000 })).toEqual({
      status: 'FAILED',
      code,
      detail: result,
    });
  });
});
