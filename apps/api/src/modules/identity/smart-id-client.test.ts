import { createHash, createPrivateKey, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificateAuthority, issueCertificate, KeyUsageFlags, validForDays, type Credential } from '../../simulators/pki.js';
import { personSubject } from '../../simulators/simulator-pki.js';
import { SMART_ID_QUALIFIED_POLICIES, SMART_ID_QUALIFIED_SIGNING_POLICIES } from './certificate-purpose.js';
import { signDigest } from './digest-signature.js';
import { startFakeJsonServer, type FakeAnswer, type RecordedRequest } from '../../test/fake-json-server.js';
import { createSmartIdClient, type SmartIdClient } from './smart-id-client.js';
import { IdentityError } from './types.js';

const hash = createHash('sha512').update('smart-id client test').digest();
const personalId = '40504040001';
let answer: (request: RecordedRequest) => FakeAnswer = () => ({ status: 500 });
let server: Awaited<ReturnType<typeof startFakeJsonServer>>;
let ca: Credential;
let client: SmartIdClient;

beforeAll(async () => {
  server = await startFakeJsonServer((request) => answer(request));
  ca = await createCertificateAuthority([{ '2.5.4.3': ['test Smart-ID CA'] }], validForDays(365));
  client = createSmartIdClient({
    baseUrl: `${server.url}/smart-id-rp/v2`,
    relyingPartyUuid: '00000000-0000-4000-8000-000000000000',
    relyingPartyName: 'DEMO',
    trustAnchors: [ca.certificatePem],
    displayText: 'Ettevõtte konto avamine',
  });
});
afterAll(() => server.close());

const startFails = async (): Promise<string> => {
  try {
    await client.start({ personalId, hash, hashType: 'SHA512' });
  } catch (error) {
    if (error instanceof IdentityError) return error.code;
    throw error;
  }
  throw new Error('start did not fail');
};

/** Starts a session, then polls once with the given session answer. */
const pollWith = async (sessionAnswer: FakeAnswer, pollHash: Uint8Array = hash) => {
  answer = (request) => (request.method === 'POST' ? { status: 200, body: { sessionID: 'session-1' } } : sessionAnswer);
  const { providerSessionId } = await client.start({ personalId, hash, hashType: 'SHA512' });
  return client.poll({ providerSessionId, personalId, hash: pollHash, hashType: 'SHA512', timeoutMs: 1000 });
};

describe('Smart-ID client requests', () => {
  it('starts with POST authentication/etsi/PNOEE-{code} and polls GET session/{id}?timeoutMs=', async () => {
    server.requests.length = 0;
    await pollWith({ status: 200, body: { state: 'RUNNING' } });
    const [start, poll] = server.requests;
    expect(start).toEqual({
      method: 'POST',
      url: '/smart-id-rp/v2/authentication/etsi/PNOEE-40504040001',
      body: {
        relyingPartyUUID: '00000000-0000-4000-8000-000000000000',
        relyingPartyName: 'DEMO',
        certificateLevel: 'QUALIFIED',
        hash: hash.toString('base64'),
        hashType: 'SHA512',
        allowedInteractionsOrder: [{ type: 'displayTextAndPIN', displayText60: 'Ettevõtte konto avamine' }],
      },
    });
    expect(poll).toMatchObject({ method: 'GET', url: '/smart-id-rp/v2/session/session-1?timeoutMs=1000' });
  });

  it('refuses an invalid personal code without calling SK, and a display text over 60 characters', async () => {
    await expect(client.start({ personalId: '40504040002', hash, hashType: 'SHA512' })).rejects.toMatchObject({ code: 'user_not_found' });
    expect(() =>
      createSmartIdClient({
        baseUrl: server.url,
        relyingPartyUuid: 'x',
        relyingPartyName: 'DEMO',
        trustAnchors: [ca.certificatePem],
        displayText: 'x'.repeat(61),
      }),
    ).toThrow();
  });
});

describe('Smart-ID start statuses (docs/eid-facts.md section 1.6)', () => {
  it.each([
    [404, 'user_not_found'],
    [471, 'user_not_found'],
    [472, 'document_unusable'],
    [400, 'unexpected'],
    [401, 'unexpected'],
    [403, 'unexpected'],
    [480, 'unexpected'],
    [500, 'unexpected'],
    [580, 'unexpected'],
  ])('%i -> %s', async (status, code) => {
    answer = () => ({ status, body: { title: 'error' } });
    expect(await startFails()).toBe(code);
  });

  it('a 200 without sessionID is unexpected', async () => {
    answer = () => ({ status: 200, body: {} });
    expect(await startFails()).toBe('unexpected');
  });

  it('a transport failure is unexpected', async () => {
    const offline = createSmartIdClient({
      baseUrl: 'http://127.0.0.1:1/v2/',
      relyingPartyUuid: 'x',
      relyingPartyName: 'DEMO',
      trustAnchors: [ca.certificatePem],
      displayText: 'x',
    });
    await expect(offline.start({ personalId, hash, hashType: 'SHA512' })).rejects.toMatchObject({ code: 'unexpected' });
  });
});

describe('Smart-ID end results (docs/eid-facts.md section 1.5)', () => {
  it.each([
    ['USER_REFUSED', 'user_cancelled'],
    ['USER_REFUSED_DISPLAYTEXTANDPIN', 'user_cancelled'],
    ['USER_REFUSED_VC_CHOICE', 'user_cancelled'],
    ['USER_REFUSED_CONFIRMATIONMESSAGE', 'user_cancelled'],
    ['USER_REFUSED_CONFIRMATIONMESSAGE_WITH_VC_CHOICE', 'user_cancelled'],
    ['USER_REFUSED_CERT_CHOICE', 'user_cancelled'],
    ['WRONG_VC', 'user_cancelled'],
    ['TIMEOUT', 'timeout'],
    ['DOCUMENT_UNUSABLE', 'document_unusable'],
    ['REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP', 'document_unusable'],
    ['USER_REFUSED_INTERACTION', 'user_cancelled'],
    ['ACCOUNT_UNUSABLE', 'document_unusable'],
    ['PROTOCOL_FAILURE', 'unexpected'],
    ['SOMETHING_NEW', 'unexpected'],
  ])('%s -> %s', async (endResult, code) => {
    expect(await pollWith({ status: 200, body: { state: 'COMPLETE', result: { endResult }, ignoredField: 1 } })).toEqual({
      status: 'FAILED',
      code,
      detail: endResult,
    });
  });

  it('RUNNING stays running; unreadable or incomplete answers are unexpected', async () => {
    expect(await pollWith({ status: 200, body: { state: 'RUNNING' } })).toEqual({ status: 'RUNNING' });
    expect(await pollWith({ status: 200, body: { nonsense: true } })).toMatchObject({ status: 'FAILED', code: 'unexpected' });
    expect(await pollWith({ status: 200, body: { state: 'COMPLETE', result: { endResult: 'OK' } } })).toMatchObject({ status: 'FAILED', code: 'unexpected' });
  });

  it.each([
    [404, 'timeout'],
    [400, 'unexpected'],
    [401, 'unexpected'],
    [500, 'unexpected'],
    [580, 'unexpected'],
  ])('session status %i -> %s', async (status, code) => {
    expect(await pollWith({ status })).toMatchObject({ status: 'FAILED', code });
  });
});

describe('Smart-ID OK answers are validated', () => {
  const okAnswer = async (who: { personalId: string; givenName: string; surname: string }, level = 'QUALIFIED'): Promise<FakeAnswer> => {
    const credential = await issueCertificate(ca, {
      subject: personSubject(who),
      keyKind: 'rsa-2048',
      validity: validForDays(30),
      keyUsages: KeyUsageFlags.digitalSignature,
      policies: [...SMART_ID_QUALIFIED_POLICIES],
    });
    return {
      status: 200,
      body: {
        state: 'COMPLETE',
        result: { endResult: 'OK', documentNumber: `PNOEE-${who.personalId}-MOCK-Q` },
        signature: { value: signDigest(createPrivateKey(credential.privateKeyPem), hash, 'SHA512').toString('base64'), algorithm: 'sha512WithRSAEncryption' },
        cert: { value: Buffer.from(new X509Certificate(credential.certificatePem).raw).toString('base64'), certificateLevel: level },
      },
    };
  };

  it('completes with the person from the certificate', async () => {
    expect(await pollWith(await okAnswer({ personalId, givenName: 'OK', surname: 'TESTNUMBER' }))).toEqual({
      status: 'COMPLETE',
      person: { personalId, countryCode: 'EE', givenName: 'OK', surname: 'TESTNUMBER' },
    });
  });

  it('fails when the certificate names someone else, the level is too low or the hash differs', async () => {
    expect(await pollWith(await okAnswer({ personalId: '50001029996', givenName: 'A', surname: 'B' }))).toEqual({
      status: 'FAILED',
      code: 'unexpected',
      detail: 'personal_id_mismatch',
    });
    expect(await pollWith(await okAnswer({ personalId, givenName: 'OK', surname: 'T' }, 'ADVANCED'))).toMatchObject({
      code: 'invalid_certificate',
      detail: 'level_too_low',
    });
    const otherHash = createHash('sha512').update('other').digest();
    expect(await pollWith(await okAnswer({ personalId, givenName: 'OK', surname: 'T' }), otherHash)).toMatchObject({
      code: 'unexpected',
      detail: 'signature_mismatch',
    });
  });
});

describe('Smart-ID signing requests', () => {
  const who = { personalId, givenName: 'OK', surname: 'TESTNUMBER' };
  const leaf = (keyUsages: number, policies: readonly string[], isQualifiedSignature = false) =>
    issueCertificate(ca, {
      subject: personSubject(who),
      keyKind: 'rsa-2048',
      validity: validForDays(30),
      keyUsages,
      policies: [...policies],
      isQualifiedSignature,
    });
  const der = (credential: Credential) => Buffer.from(new X509Certificate(credential.certificatePem).raw).toString('base64');
  let signing: Credential;
  let authentication: Credential;

  beforeAll(async () => {
    signing = await leaf(KeyUsageFlags.nonRepudiation, SMART_ID_QUALIFIED_SIGNING_POLICIES, true);
    authentication = await leaf(KeyUsageFlags.digitalSignature, SMART_ID_QUALIFIED_POLICIES);
  });

  const signatureAnswer = (credential: Credential, signedHash: Uint8Array = hash): FakeAnswer => ({
    status: 200,
    body: {
      state: 'COMPLETE',
      result: { endResult: 'OK', documentNumber: 'PNOEE-40504040001-MOCK-Q' },
      signature: {
        value: signDigest(createPrivateKey(credential.privateKeyPem), signedHash, 'SHA512').toString('base64'),
        algorithm: 'sha512WithRSAEncryption',
      },
      cert: { value: der(credential), certificateLevel: 'QUALIFIED' },
      interactionFlowUsed: 'displayTextAndPIN',
    },
  });

  const signWith = async (sessionAnswer: FakeAnswer, certificate: string) => {
    answer = (request) => (request.method === 'POST' ? { status: 200, body: { sessionID: 'sign-1' } } : sessionAnswer);
    const { providerSessionId } = await client.startSignature({ personalId, documentNumber: 'PNOEE-40504040001-MOCK-Q', hash, hashType: 'SHA512' });
    return client.pollSignature({ providerSessionId, personalId, hash, hashType: 'SHA512', certificate, timeoutMs: 1000 });
  };

  it('chooses the certificate with POST certificatechoice/etsi/PNOEE-{code} and no hash', async () => {
    server.requests.length = 0;
    answer = (request) =>
      request.method === 'POST'
        ? { status: 200, body: { sessionID: 'choice-1' } }
        : {
            status: 200,
            body: {
              state: 'COMPLETE',
              result: { endResult: 'OK', documentNumber: 'PNOEE-40504040001-MOCK-Q' },
              cert: { value: der(signing), certificateLevel: 'QUALIFIED' },
            },
          };
    const { providerSessionId } = await client.startCertificateChoice({ personalId });
    expect(await client.pollCertificateChoice({ providerSessionId, personalId, timeoutMs: 1000 })).toEqual({
      status: 'COMPLETE',
      signingCertificate: {
        certificate: der(signing),
        documentNumber: 'PNOEE-40504040001-MOCK-Q',
        signer: { personalId, countryCode: 'EE', givenName: 'OK', surname: 'TESTNUMBER' },
      },
    });
    expect(server.requests[0]).toEqual({
      method: 'POST',
      url: '/smart-id-rp/v2/certificatechoice/etsi/PNOEE-40504040001',
      body: { relyingPartyUUID: '00000000-0000-4000-8000-000000000000', relyingPartyName: 'DEMO', certificateLevel: 'QUALIFIED' },
    });
    expect(server.requests[1]).toMatchObject({ method: 'GET', url: '/smart-id-rp/v2/session/choice-1?timeoutMs=1000' });
  });

  it('a certificate choice with the authentication certificate or without a document number fails', async () => {
    const choose = async (body: unknown) => {
      answer = (request) => (request.method === 'POST' ? { status: 200, body: { sessionID: 'choice-2' } } : { status: 200, body });
      const { providerSessionId } = await client.startCertificateChoice({ personalId });
      return client.pollCertificateChoice({ providerSessionId, personalId, timeoutMs: 1000 });
    };
    const ok = { endResult: 'OK', documentNumber: 'PNOEE-40504040001-MOCK-Q' };
    expect(await choose({ state: 'COMPLETE', result: ok, cert: { value: der(authentication), certificateLevel: 'QUALIFIED' } })).toEqual({
      status: 'FAILED',
      code: 'invalid_certificate',
      detail: 'wrong_key_usage',
    });
    expect(await choose({ state: 'COMPLETE', result: { endResult: 'OK' }, cert: { value: der(signing), certificateLevel: 'QUALIFIED' } })).toMatchObject({
      status: 'FAILED',
      code: 'unexpected',
    });
    expect(await choose({ state: 'COMPLETE', result: { endResult: 'USER_REFUSED_CERT_CHOICE' } })).toEqual({
      status: 'FAILED',
      code: 'user_cancelled',
      detail: 'USER_REFUSED_CERT_CHOICE',
    });
  });

  it('signs with POST signature/document/{documentNumber} and validates the answer', async () => {
    server.requests.length = 0;
    expect(await signWith(signatureAnswer(signing), der(signing))).toMatchObject({
      status: 'COMPLETE',
      evidence: { certificate: der(signing), signatureAlgorithm: 'sha512WithRSAEncryption', hashType: 'SHA512', signer: { personalId } },
    });
    expect(server.requests[0]).toEqual({
      method: 'POST',
      url: '/smart-id-rp/v2/signature/document/PNOEE-40504040001-MOCK-Q',
      body: {
        relyingPartyUUID: '00000000-0000-4000-8000-000000000000',
        relyingPartyName: 'DEMO',
        certificateLevel: 'QUALIFIED',
        hash: hash.toString('base64'),
        hashType: 'SHA512',
        allowedInteractionsOrder: [{ type: 'displayTextAndPIN', displayText60: 'Ettevõtte konto avamine' }],
      },
    });
  });

  it('refuses an authentication certificate offered as the signing certificate, and a signature over another hash', async () => {
    expect(await signWith(signatureAnswer(authentication), der(authentication))).toEqual({
      status: 'FAILED',
      code: 'invalid_certificate',
      detail: 'wrong_key_usage',
    });
    const otherHash = createHash('sha512').update('other').digest();
    expect(await signWith(signatureAnswer(signing, otherHash), der(signing))).toEqual({ status: 'FAILED', code: 'unexpected', detail: 'signature_mismatch' });
    expect(await signWith(signatureAnswer(signing), der(authentication))).toEqual({ status: 'FAILED', code: 'unexpected', detail: 'certificate_mismatch' });
  });

  it('maps end results and start statuses as for sign-in; refuses a display text over 60 characters or a short hash', async () => {
    expect(await signWith({ status: 200, body: { state: 'COMPLETE', result: { endResult: 'USER_REFUSED_DISPLAYTEXTANDPIN' } } }, der(signing))).toEqual({
      status: 'FAILED',
      code: 'user_cancelled',
      detail: 'USER_REFUSED_DISPLAYTEXTANDPIN',
    });
    expect(
      await signWith({ status: 200, body: { state: 'COMPLETE', result: { endResult: 'OK' }, cert: { value: der(signing) } } }, der(signing)),
    ).toMatchObject({
      status: 'FAILED',
      code: 'unexpected',
    });
    answer = () => ({ status: 404, body: {} });
    await expect(client.startSignature({ personalId, documentNumber: 'PNOEE-x', hash, hashType: 'SHA512' })).rejects.toMatchObject({ code: 'user_not_found' });
    await expect(client.startCertificateChoice({ personalId })).rejects.toMatchObject({ code: 'user_not_found' });
    await expect(client.startSignature({ personalId, hash, hashType: 'SHA512', displayText: 'x'.repeat(61) })).rejects.toMatchObject({ code: 'unexpected' });
    await expect(client.startSignature({ personalId, hash: hash.subarray(0, 32), hashType: 'SHA512' })).rejects.toMatchObject({ code: 'unexpected' });
  });
});
