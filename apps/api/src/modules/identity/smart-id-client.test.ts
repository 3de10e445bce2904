import { createHash, createPrivateKey, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificateAuthority, issueCertificate, KeyUsageFlags, validForDays, type Credential } from '../../simulators/pki.js';
import { personSubject } from '../../simulators/simulator-pki.js';
import { SMART_ID_QUALIFIED_POLICIES, SMART_ID_QUALIFIED_SIGNING_POLICIES } from './certificate-purpose.js';
import { signDigest } from './digest-signature.js';
import { startFakeJsonServer, type FakeAnswer, type RecordedRequest } from '../../test/fake-json-server.js';
import { createSmartIdClient, type SmartIdClient } from './smart-id-client.js';
import { acspV2Payload, interactionsFor, signPss, type AcspV2Fields } from './smart-id-v3-protocol.js';
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
    baseUrl: `${server.url}/smart-id-rp/v3`,
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
      url: '/smart-id-rp/v3/authentication/notification/etsi/PNOEE-40504040001',
      body: {
        relyingPartyUUID: '00000000-0000-4000-8000-000000000000',
        relyingPartyName: 'DEMO',
        certificateLevel: 'QUALIFIED',
        signatureProtocol: 'ACSP_V2',
        signatureProtocolParameters: {
          rpChallenge: hash.toString('base64'),
          signatureAlgorithm: 'rsassa-pss',
          signatureAlgorithmParameters: { hashAlgorithm: 'SHA-512' },
        },
        interactions: Buffer.from(JSON.stringify([{ type: 'displayTextAndPIN', displayText60: 'Ettevõtte konto avamine' }])).toString('base64'),
        vcType: 'numeric4',
      },
    });
    expect(poll).toMatchObject({ method: 'GET', url: '/smart-id-rp/v3/session/session-1?timeoutMs=1000' });
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

describe('Smart-ID start statuses (docs/eid-facts.md sections 1.6, 1.9)', () => {
  it.each([
    [404, 'user_not_found'],
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
      baseUrl: 'http://127.0.0.1:1/v3/',
      relyingPartyUuid: 'x',
      relyingPartyName: 'DEMO',
      trustAnchors: [ca.certificatePem],
      displayText: 'x',
    });
    await expect(offline.start({ personalId, hash, hashType: 'SHA512' })).rejects.toMatchObject({ code: 'unexpected' });
  });
});

describe('Smart-ID end results (docs/eid-facts.md section 1.9) -> docs/requirements.md section 8 codes', () => {
  it.each([
    ['USER_REFUSED', 'user_cancelled'],
    ['USER_REFUSED_INTERACTION', 'user_cancelled'],
    ['USER_REFUSED_CERT_CHOICE', 'user_cancelled'],
    ['WRONG_VC', 'user_cancelled'],
    ['TIMEOUT', 'timeout'],
    ['DOCUMENT_UNUSABLE', 'document_unusable'],
    ['ACCOUNT_UNUSABLE', 'document_unusable'],
    ['REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP', 'document_unusable'],
    ['PROTOCOL_FAILURE', 'unexpected'],
    ['EXPECTED_LINKED_SESSION', 'unexpected'],
    ['SERVER_ERROR', 'unexpected'],
    ['SOMETHING_NEW', 'unexpected'],
  ])('%s -> %s', async (endResult, code) => {
    expect(await pollWith({ status: 200, body: { state: 'COMPLETE', result: { endResult }, ignoredField: 1 } })).toEqual({
      status: 'FAILED',
      code,
      detail: endResult,
    });
  });

  it('names the refused interaction in the detail', async () => {
    const body = { state: 'COMPLETE', result: { endResult: 'USER_REFUSED_INTERACTION', details: { interaction: 'displayTextAndPIN' } } };
    expect(await pollWith({ status: 200, body })).toEqual({ status: 'FAILED', code: 'user_cancelled', detail: 'USER_REFUSED_INTERACTION displayTextAndPIN' });
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
  const interactions = interactionsFor('Ettevõtte konto avamine');
  const fieldsOf = (overrides: Partial<AcspV2Fields> = {}): AcspV2Fields => ({
    schemeName: 'smart-id-demo',
    serverRandom: 'MTlop6EXCrQ6FOErcKjxUhbV',
    rpChallenge: hash.toString('base64'),
    userChallenge: 'GnsWXXEjTCKR89fj9uo5u5ReBZ9JR7_pezLAI5jMS00',
    relyingPartyName: 'DEMO',
    interactions,
    interactionTypeUsed: 'displayTextAndPIN',
    flowType: 'Notification',
    ...overrides,
  });
  const okAnswer = async (
    who: { personalId: string; givenName: string; surname: string },
    options: { level?: string; signed?: Partial<AcspV2Fields>; answered?: Record<string, unknown>; signature?: Record<string, unknown> } = {},
  ): Promise<FakeAnswer> => {
    const credential = await issueCertificate(ca, {
      subject: personSubject(who),
      keyKind: 'rsa-2048',
      validity: validForDays(30),
      keyUsages: KeyUsageFlags.digitalSignature,
      policies: [...SMART_ID_QUALIFIED_POLICIES],
    });
    const fields = fieldsOf(options.signed);
    return {
      status: 200,
      body: {
        state: 'COMPLETE',
        result: { endResult: 'OK', documentNumber: `PNOEE-${who.personalId}-MOCK-Q` },
        signatureProtocol: 'ACSP_V2',
        signature: {
          value: signPss(createPrivateKey(credential.privateKeyPem), acspV2Payload(fields), 'SHA-512').toString('base64'),
          serverRandom: 'MTlop6EXCrQ6FOErcKjxUhbV',
          userChallenge: 'GnsWXXEjTCKR89fj9uo5u5ReBZ9JR7_pezLAI5jMS00',
          flowType: 'Notification',
          signatureAlgorithm: 'rsassa-pss',
          signatureAlgorithmParameters: {
            hashAlgorithm: 'SHA-512',
            maskGenAlgorithm: { algorithm: 'id-mgf1', parameters: { hashAlgorithm: 'SHA-512' } },
            saltLength: 64,
            trailerField: '0xbc',
          },
          ...options.signature,
        },
        cert: { value: Buffer.from(new X509Certificate(credential.certificatePem).raw).toString('base64'), certificateLevel: options.level ?? 'QUALIFIED' },
        interactionTypeUsed: 'displayTextAndPIN',
        ...options.answered,
      },
    };
  };
  const who = { personalId, givenName: 'OK', surname: 'TESTNUMBER' };

  it('completes with the person from the certificate when the PSS signature verifies over the rebuilt ACSP_V2 payload', async () => {
    expect(await pollWith(await okAnswer(who))).toEqual({
      status: 'COMPLETE',
      person: { personalId, countryCode: 'EE', givenName: 'OK', surname: 'TESTNUMBER' },
      documentNumber: `PNOEE-${personalId}-MOCK-Q`,
    });
  });

  it('fails when the certificate names someone else, the level is too low or the challenge differs', async () => {
    expect(await pollWith(await okAnswer({ personalId: '50001029996', givenName: 'A', surname: 'B' }))).toEqual({
      status: 'FAILED',
      code: 'unexpected',
      detail: 'personal_id_mismatch',
    });
    expect(await pollWith(await okAnswer(who, { level: 'ADVANCED' }))).toMatchObject({ code: 'invalid_certificate', detail: 'level_too_low' });
    const otherHash = createHash('sha512').update('other').digest();
    expect(await pollWith(await okAnswer(who), otherHash)).toMatchObject({ code: 'unexpected', detail: 'signature_mismatch' });
  });

  it('fails a signature over another scheme name, relying party name or interactions', async () => {
    for (const signed of [{ schemeName: 'smart-id' }, { relyingPartyName: 'demo' }, { interactions: interactionsFor('other') }]) {
      expect(await pollWith(await okAnswer(who, { signed }))).toMatchObject({ code: 'unexpected', detail: 'signature_mismatch' });
    }
  });

  it('fails an answer that is not what was asked: protocol, algorithm, hash, salt, flow or interaction', async () => {
    const cases: [Parameters<typeof okAnswer>[1], string][] = [
      [{ answered: { signatureProtocol: 'RAW_DIGEST_SIGNATURE' } }, 'signature protocol is not ACSP_V2'],
      [{ signature: { signatureAlgorithm: 'sha512WithRSAEncryption' } }, 'signature algorithm is not rsassa-pss'],
      [{ signature: { signatureAlgorithmParameters: { hashAlgorithm: 'SHA-256' } } }, 'signature hash is not the one requested'],
      [{ signature: { signatureAlgorithmParameters: { hashAlgorithm: 'SHA-512', saltLength: 32 } } }, 'salt length differs'],
      [{ signature: { flowType: 'QR' }, signed: { flowType: 'QR' } }, 'flow type is not the one offered'],
      [{ answered: { interactionTypeUsed: 'confirmationMessage' } }, 'interaction is not the one offered'],
      [{ signature: { userChallenge: 'short' } }, 'serverRandom or userChallenge missing'],
      [{ signature: { serverRandom: 'c2hvcnQ=' } }, 'serverRandom or userChallenge missing'],
    ];
    for (const [options, detail] of cases) expect(await pollWith(await okAnswer(who, options))).toEqual({ status: 'FAILED', code: 'unexpected', detail });
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
      signatureProtocol: 'RAW_DIGEST_SIGNATURE',
      signature: {
        value: signDigest(createPrivateKey(credential.privateKeyPem), signedHash, 'SHA512').toString('base64'),
        flowType: 'Notification',
        signatureAlgorithm: 'sha512WithRSAEncryption',
      },
      cert: { value: der(credential), certificateLevel: 'QUALIFIED' },
      interactionTypeUsed: 'displayTextAndPIN',
    },
  });

  const signWith = async (sessionAnswer: FakeAnswer, certificate: string) => {
    answer = (request) => (request.method === 'POST' ? { status: 200, body: { sessionID: 'sign-1', vc: { type: 'numeric4', value: '4927' } } } : sessionAnswer);
    const { providerSessionId } = await client.startSignature({ personalId, documentNumber: 'PNOEE-40504040001-MOCK-Q', hash, hashType: 'SHA512' });
    return client.pollSignature({ providerSessionId, personalId, hash, hashType: 'SHA512', certificate, timeoutMs: 1000 });
  };

  // A device-link choice's answer: the session, its token and secret, and the link's base.
  const choiceStarted = (sessionID: string) => ({
    status: 200,
    body: { sessionID, sessionToken: 'token1', sessionSecret: Buffer.alloc(32, 7).toString('base64'), deviceLinkBase: 'https://smart-id.com/device-link' },
  });

  it('chooses the certificate with POST signature/certificate-choice/device-link/anonymous and no digest', async () => {
    server.requests.length = 0;
    answer = (request) =>
      request.method === 'POST'
        ? choiceStarted('choice-1')
        : {
            status: 200,
            body: {
              state: 'COMPLETE',
              result: { endResult: 'OK', documentNumber: 'PNOEE-40504040001-MOCK-Q' },
              cert: { value: der(signing), certificateLevel: 'QUALIFIED' },
            },
          };
    const { providerSessionId } = await client.startDeviceLinkCertificateChoice({ flow: 'QR' });
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
      url: '/smart-id-rp/v3/signature/certificate-choice/device-link/anonymous',
      // A nonce of its own: the body names nobody, and SK answers an identical request within 15 s with the same session.
      body: {
        relyingPartyUUID: '00000000-0000-4000-8000-000000000000',
        relyingPartyName: 'DEMO',
        certificateLevel: 'QUALIFIED',
        nonce: expect.stringMatching(/^[\w-]{20}$/),
      },
    });
    expect(server.requests[1]).toMatchObject({ method: 'GET', url: '/smart-id-rp/v3/session/choice-1?timeoutMs=1000' });
  });

  it('a certificate choice with the authentication certificate or without a document number fails', async () => {
    const choose = async (body: unknown) => {
      answer = (request) => (request.method === 'POST' ? choiceStarted('choice-2') : { status: 200, body });
      const { providerSessionId } = await client.startDeviceLinkCertificateChoice({ flow: 'QR' });
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

  it('signs with POST signature/notification/document/{documentNumber}, answers the code SK chose and validates the answer', async () => {
    server.requests.length = 0;
    answer = (request) =>
      request.method === 'POST' ? { status: 200, body: { sessionID: 'sign-1', vc: { type: 'numeric4', value: '4927' } } } : signatureAnswer(signing);
    const started = await client.startSignature({ personalId, documentNumber: 'PNOEE-40504040001-MOCK-Q', hash, hashType: 'SHA512' });
    expect(started).toEqual({ providerSessionId: 'sign-1', verificationCode: '4927' });
    expect(
      await client.pollSignature({ providerSessionId: 'sign-1', personalId, hash, hashType: 'SHA512', certificate: der(signing), timeoutMs: 1000 }),
    ).toMatchObject({
      status: 'COMPLETE',
      evidence: { certificate: der(signing), signatureAlgorithm: 'sha512WithRSAEncryption', hashType: 'SHA512', signer: { personalId } },
    });
    expect(server.requests[0]).toEqual({
      method: 'POST',
      url: '/smart-id-rp/v3/signature/notification/document/PNOEE-40504040001-MOCK-Q',
      body: {
        relyingPartyUUID: '00000000-0000-4000-8000-000000000000',
        relyingPartyName: 'DEMO',
        certificateLevel: 'QUALIFIED',
        signatureProtocol: 'RAW_DIGEST_SIGNATURE',
        signatureProtocolParameters: { digest: hash.toString('base64'), signatureAlgorithm: 'sha512WithRSAEncryption' },
        interactions: interactionsFor('Ettevõtte konto avamine'),
      },
    });
  });

  it('refuses a signature answer of another protocol, algorithm or flow, and a start answer without vc', async () => {
    const altered = (change: (body: Record<string, unknown>) => void): FakeAnswer => {
      const base = signatureAnswer(signing);
      const body = structuredClone(base.body) as Record<string, unknown>;
      change(body);
      return { status: 200, body };
    };
    const signature = (body: Record<string, unknown>) => body.signature as Record<string, unknown>;
    expect(
      await signWith(
        altered((body) => (body.signatureProtocol = 'ACSP_V2')),
        der(signing),
      ),
    ).toMatchObject({ code: 'unexpected', detail: 'signature protocol is not RAW_DIGEST_SIGNATURE' });
    expect(
      await signWith(
        altered((body) => (signature(body).signatureAlgorithm = 'rsassa-pss')),
        der(signing),
      ),
    ).toMatchObject({ code: 'unexpected' });
    expect(
      await signWith(
        altered((body) => (signature(body).flowType = 'QR')),
        der(signing),
      ),
    ).toMatchObject({ code: 'unexpected', detail: 'flow type is not the one offered' });
    answer = () => ({ status: 200, body: { sessionID: 'sign-2' } });
    await expect(client.startSignature({ personalId, documentNumber: 'PNOEE-40504040001-MOCK-Q', hash, hashType: 'SHA512' })).rejects.toMatchObject({
      code: 'unexpected',
    });
  });

  it('reads the signing certificate of an account with POST signature/certificate/{documentNumber}', async () => {
    server.requests.length = 0;
    answer = () => ({ status: 200, body: { state: 'OK', cert: { value: der(signing), certificateLevel: 'QUALIFIED' } } });
    expect(await client.signingCertificate({ documentNumber: 'PNOEE-40504040001-MOCK-Q', personalId })).toEqual({
      certificate: der(signing),
      documentNumber: 'PNOEE-40504040001-MOCK-Q',
      signer: { personalId, countryCode: 'EE', givenName: 'OK', surname: 'TESTNUMBER' },
    });
    expect(server.requests[0]).toEqual({
      method: 'POST',
      url: '/smart-id-rp/v3/signature/certificate/PNOEE-40504040001-MOCK-Q',
      body: { relyingPartyUUID: '00000000-0000-4000-8000-000000000000', relyingPartyName: 'DEMO', certificateLevel: 'QUALIFIED' },
    });
    answer = () => ({ status: 200, body: { state: 'OK', cert: { value: der(authentication), certificateLevel: 'QUALIFIED' } } });
    await expect(client.signingCertificate({ documentNumber: 'PNOEE-40504040001-MOCK-Q', personalId })).rejects.toMatchObject({ code: 'invalid_certificate' });
    answer = () => ({ status: 200, body: { state: 'DOCUMENT_UNUSABLE' } });
    await expect(client.signingCertificate({ documentNumber: 'PNOEE-40504040001-MOCK-Q', personalId })).rejects.toMatchObject({ code: 'document_unusable' });
    answer = () => ({ status: 404, body: { type: 'about:blank', title: 'Not Found', status: 404, detail: 'Not Found' } });
    await expect(client.signingCertificate({ documentNumber: 'PNOEE-x', personalId })).rejects.toMatchObject({ code: 'user_not_found' });
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
    expect(await signWith({ status: 200, body: { state: 'COMPLETE', result: { endResult: 'USER_REFUSED' } } }, der(signing))).toEqual({
      status: 'FAILED',
      code: 'user_cancelled',
      detail: 'USER_REFUSED',
    });
    expect(
      await signWith({ status: 200, body: { state: 'COMPLETE', result: { endResult: 'OK' }, cert: { value: der(signing) } } }, der(signing)),
    ).toMatchObject({
      status: 'FAILED',
      code: 'unexpected',
    });
    answer = () => ({ status: 404, body: {} });
    await expect(client.startSignature({ personalId, documentNumber: 'PNOEE-x', hash, hashType: 'SHA512' })).rejects.toMatchObject({ code: 'user_not_found' });
    await expect(
      client.startLinkedSignature({ personalId, documentNumber: 'PNOEE-x', linkedSessionId: 'choice-1', hash, hashType: 'SHA512' }),
    ).rejects.toMatchObject({ code: 'user_not_found' });
    await expect(client.startSignature({ personalId, hash, hashType: 'SHA512', displayText: 'x'.repeat(61) })).rejects.toMatchObject({ code: 'unexpected' });
    await expect(client.startSignature({ personalId, hash: hash.subarray(0, 32), hashType: 'SHA512' })).rejects.toMatchObject({ code: 'unexpected' });
  });
});
