import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpsRequest, createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateIdCardCertificate } from '../modules/identity/certificate-validation.js';
import { createMobileIdClient } from '../modules/identity/mobile-id-client.js';
import { createSmartIdClient } from '../modules/identity/smart-id-client.js';
import { IdentityError, type IdentityPollResult, type MobileIdentityProvider, type StartAuthenticationInput } from '../modules/identity/types.js';
import { MOBILE_ID_IDENTITIES } from './mobile-id-identities.js';
import { SMART_ID_IDENTITIES } from './smart-id-identities.js';
import { startSimulators, type SimulatorHandle } from './start-simulators.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'simulators-'));
let simulators: SimulatorHandle;
let smartId: MobileIdentityProvider;
let mobileId: MobileIdentityProvider;

const newHash = () => createHash('sha512').update(randomBytes(64)).digest();
const newMidHash = () => createHash('sha256').update(randomBytes(64)).digest();

const smartIdClientFor = (handle: SimulatorHandle, overrides: { trustAnchors?: string[]; relyingPartyUuid?: string } = {}) =>
  createSmartIdClient({
    baseUrl: handle.smartIdBaseUrl,
    relyingPartyUuid: handle.relyingPartyUuid,
    relyingPartyName: handle.relyingPartyName,
    trustAnchors: handle.smartIdTrustAnchors,
    displayText: 'Ettevõtte konto avamine',
    ...overrides,
  });

/** start + one poll through the real client over HTTP; a start refusal is reported like a failed poll. */
const signIn = async (provider: MobileIdentityProvider, input: StartAuthenticationInput, pollHash = input.hash): Promise<IdentityPollResult> => {
  try {
    const { providerSessionId } = await provider.start(input);
    return await provider.poll({ providerSessionId, personalId: input.personalId, hash: pollHash, hashType: input.hashType, timeoutMs: 1000 });
  } catch (error) {
    if (error instanceof IdentityError) return { status: 'FAILED', code: error.code };
    throw error;
  }
};

beforeAll(async () => {
  simulators = await startSimulators({ dataDir, completionDelayMs: 0 });
  smartId = smartIdClientFor(simulators);
  mobileId = createMobileIdClient({
    baseUrl: simulators.mobileIdBaseUrl,
    relyingPartyUuid: simulators.relyingPartyUuid,
    relyingPartyName: simulators.relyingPartyName,
    trustAnchors: simulators.mobileIdTrustAnchors,
  });
});

afterAll(async () => {
  await simulators.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const SMART_ID_EXPECTED: Record<string, string> = {
  USER_REFUSED: 'user_cancelled',
  USER_REFUSED_INTERACTION: 'user_cancelled',
  USER_REFUSED_CERT_CHOICE: 'user_cancelled',
  WRONG_VC: 'user_cancelled',
  TIMEOUT: 'timeout',
  DOCUMENT_UNUSABLE: 'document_unusable',
};

describe('Smart-ID demo identities end to end', () => {
  it.each(SMART_ID_IDENTITIES.map((identity) => [identity.personalId, identity.outcome, identity] as const))('%s -> %s', async (_code, outcome, identity) => {
    const result = await signIn(smartId, { personalId: identity.personalId, hash: newHash(), hashType: 'SHA512' });
    if (outcome === 'OK') {
      // The account the person confirmed on comes along: signing then asks that device.
      expect(result).toEqual({
        status: 'COMPLETE',
        person: { personalId: identity.personalId, countryCode: 'EE', givenName: identity.givenName, surname: identity.surname },
        documentNumber: `PNOEE-${identity.personalId}-MOCK-Q`,
      });
    } else {
      const detail = identity.refusedInteraction === undefined ? outcome : `${outcome} ${identity.refusedInteraction}`;
      expect(result).toEqual({ status: 'FAILED', code: SMART_ID_EXPECTED[outcome], detail });
    }
  });

  it('a valid personal code with no account is user_not_found (404)', async () => {
    expect(await signIn(smartId, { personalId: '38001085718', hash: newHash(), hashType: 'SHA512' })).toEqual({ status: 'FAILED', code: 'user_not_found' });
  });

  it('a signature over another hash than the one sent fails validation', async () => {
    expect(await signIn(smartId, { personalId: '40504040001', hash: newHash(), hashType: 'SHA512' }, newHash())).toMatchObject({
      status: 'FAILED',
      code: 'unexpected',
      detail: 'signature_mismatch',
    });
  });

  it('a certificate from a CA the client does not trust fails validation', async () => {
    const distrusting = smartIdClientFor(simulators, { trustAnchors: simulators.mobileIdTrustAnchors });
    expect(await signIn(distrusting, { personalId: '40504040001', hash: newHash(), hashType: 'SHA512' })).toMatchObject({
      code: 'invalid_certificate',
      detail: 'untrusted',
    });
  });

  it('signs SHA-256 and SHA-384 hashes too', async () => {
    for (const [hashType, algorithm] of [
      ['SHA256', 'sha256'],
      ['SHA384', 'sha384'],
    ] as const) {
      const hash = createHash(algorithm).update(randomBytes(32)).digest();
      expect(await signIn(smartId, { personalId: '50001029996', hash, hashType })).toMatchObject({ status: 'COMPLETE' });
    }
  });

  it('an unknown relying party is refused (401 -> unexpected)', async () => {
    const stranger = smartIdClientFor(simulators, { relyingPartyUuid: '11111111-1111-4111-8111-111111111111' });
    expect(await signIn(stranger, { personalId: '40504040001', hash: newHash(), hashType: 'SHA512' })).toEqual({ status: 'FAILED', code: 'unexpected' });
  });
});

describe('Smart-ID simulator contract (RP API v3)', () => {
  const interactions = Buffer.from(JSON.stringify([{ type: 'displayTextAndPIN', displayText60: 'x' }])).toString('base64');
  const post = (semanticsId: string, body: Record<string, unknown>) =>
    fetch(new URL(`authentication/notification/etsi/${semanticsId}`, simulators.smartIdBaseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        relyingPartyUUID: simulators.relyingPartyUuid,
        relyingPartyName: 'demo',
        signatureProtocol: 'ACSP_V2',
        signatureProtocolParameters: {
          rpChallenge: newHash().toString('base64'),
          signatureAlgorithm: 'rsassa-pss',
          signatureAlgorithmParameters: { hashAlgorithm: 'SHA-512' },
        },
        interactions,
        vcType: 'numeric4',
        ...body,
      }),
    });
  const sign = (body: Record<string, unknown>) =>
    fetch(new URL('signature/notification/document/PNOEE-40504040001-MOCK-Q', simulators.smartIdBaseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        relyingPartyUUID: simulators.relyingPartyUuid,
        relyingPartyName: 'DEMO',
        signatureProtocol: 'RAW_DIGEST_SIGNATURE',
        signatureProtocolParameters: { digest: newHash().toString('base64'), signatureAlgorithm: 'sha512WithRSAEncryption' },
        interactions,
        ...body,
      }),
    });

  it('returns the same signature session for an identical POST within 15 s unless a nonce differs, with the code to show', async () => {
    const parameters = { digest: newHash().toString('base64'), signatureAlgorithm: 'sha512WithRSAEncryption' };
    const first = (await (await sign({ signatureProtocolParameters: parameters })).json()) as { sessionID: string; vc: { type: string; value: string } };
    const second = (await (await sign({ signatureProtocolParameters: parameters })).json()) as { sessionID: string };
    const third = (await (await sign({ signatureProtocolParameters: parameters, nonce: 'n1' })).json()) as { sessionID: string };
    expect(second.sessionID).toBe(first.sessionID);
    expect(third.sessionID).not.toBe(first.sessionID);
    expect(first.vc).toEqual({ type: 'numeric4', value: expect.stringMatching(/^\d{4}$/) });
  });

  it('answers RFC 9457 problems: 403 for ADVANCED, 400 for a short rpChallenge or a nonce, 404 for other countries', async () => {
    const advanced = await post('PNOEE-40504040001', { certificateLevel: 'ADVANCED' });
    expect(advanced.status).toBe(403);
    expect(advanced.headers.get('content-type')).toContain('application/problem+json');
    expect(await advanced.json()).toMatchObject({ type: 'about:blank', status: 403, title: 'Forbidden' });
    const short = {
      rpChallenge: Buffer.alloc(10).toString('base64'),
      signatureAlgorithm: 'rsassa-pss',
      signatureAlgorithmParameters: { hashAlgorithm: 'SHA-512' },
    };
    expect((await post('PNOEE-40504040001', { signatureProtocolParameters: short })).status).toBe(400);
    expect((await post('PNOEE-40504040001', { nonce: 'n1' })).status).toBe(400);
    const foreign = await post('PNOLT-40504040001', {});
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ status: 404, errors: [{ code: 'NO_SUITABLE_ACCOUNT_FOUND' }] });
  });

  it('ends with REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP when no interaction is known', async () => {
    const unknown = Buffer.from(JSON.stringify([{ type: 'holographicPIN' }])).toString('base64');
    const { sessionID } = (await (await post('PNOEE-40504040001', { interactions: unknown })).json()) as { sessionID: string };
    const session = await (await fetch(new URL(`session/${sessionID}?timeoutMs=1000`, simulators.smartIdBaseUrl))).json();
    expect(session).toEqual({ state: 'COMPLETE', result: { endResult: 'REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP' } });
  });

  it('answers 404 for an unknown session and 400 for timeoutMs out of range', async () => {
    expect((await fetch(new URL('session/00000000-0000-4000-8000-000000000001?timeoutMs=1000', simulators.smartIdBaseUrl))).status).toBe(404);
    expect((await fetch(new URL('session/x?timeoutMs=5', simulators.smartIdBaseUrl))).status).toBe(400);
  });
});

const MOBILE_ID_EXPECTED: Record<string, string> = {
  TIMEOUT: 'timeout',
  NOT_MID_CLIENT: 'user_not_found',
  USER_CANCELLED: 'user_cancelled',
  SIGNATURE_HASH_MISMATCH: 'sim_error',
  PHONE_ABSENT: 'phone_absent',
  DELIVERY_ERROR: 'delivery_error',
  SIM_ERROR: 'sim_error',
};

describe('Mobile-ID demo numbers end to end', () => {
  it.each(MOBILE_ID_IDENTITIES.map((identity) => [identity.phoneNumber, identity.personalId, identity.outcome, identity] as const))(
    '%s / %s -> %s',
    async (phoneNumber, personalId, outcome, identity) => {
      const result = await signIn(mobileId, { personalId, phoneNumber, hash: newMidHash(), hashType: 'SHA256' });
      if (outcome === 'OK') {
        expect(result).toEqual({ status: 'COMPLETE', person: { personalId, countryCode: 'EE', givenName: identity.givenName, surname: identity.surname } });
      } else {
        expect(result).toEqual({ status: 'FAILED', code: MOBILE_ID_EXPECTED[outcome], detail: outcome });
      }
    },
  );

  it('a phone number that does not belong to the code is NOT_MID_CLIENT', async () => {
    expect(await signIn(mobileId, { personalId: '60001019906', phoneNumber: '+37200000566', hash: newMidHash(), hashType: 'SHA256' })).toMatchObject({
      code: 'user_not_found',
      detail: 'NOT_MID_CLIENT',
    });
  });

  it('a signature over another hash than the one sent fails validation', async () => {
    const input = { personalId: '60001019906', phoneNumber: '+37200000766', hash: newMidHash(), hashType: 'SHA256' } as const;
    expect(await signIn(mobileId, input, newMidHash())).toMatchObject({ code: 'unexpected', detail: 'signature_mismatch' });
  });
});

describe('long polling', () => {
  it('answers RUNNING when the session does not complete within timeoutMs', async () => {
    const slowDir = mkdtempSync(path.join(tmpdir(), 'simulators-slow-'));
    const slow = await startSimulators({ dataDir: slowDir, completionDelayMs: 60_000 });
    try {
      const client = smartIdClientFor(slow);
      const hash = newHash();
      const { providerSessionId } = await client.start({ personalId: '30403039983', hash, hashType: 'SHA512' });
      expect(await client.poll({ providerSessionId, personalId: '30403039983', hash, hashType: 'SHA512', timeoutMs: 1000 })).toEqual({ status: 'RUNNING' });
    } finally {
      await slow.close();
      rmSync(slowDir, { recursive: true, force: true });
    }
  });
});

describe('test PKI', () => {
  it('reuses the CAs kept in dataDir on a later start', async () => {
    const again = await startSimulators({ dataDir, completionDelayMs: 0 });
    try {
      expect(again.smartIdTrustAnchors).toEqual(simulators.smartIdTrustAnchors);
      expect(again.mobileIdTrustAnchors).toEqual(simulators.mobileIdTrustAnchors);
      expect(again.idCardTrustAnchors).toEqual(simulators.idCardTrustAnchors);
      expect(again.eidServerTls).toEqual(simulators.eidServerTls);
      expect(again.smartIdBaseUrl).not.toBe(simulators.smartIdBaseUrl);
    } finally {
      await again.close();
    }
  });

  it('issues ID-card certificates that validate against the ID-card anchors only', async () => {
    const card = await simulators.issueTestIdCard({ personalId: '38001085718', givenName: 'JAAK-KRISTJAN', surname: 'JÕEORG' });
    expect(card.key).toContain('PRIVATE KEY');
    expect(validateIdCardCertificate(card.cert, simulators.idCardTrustAnchors)).toEqual({
      ok: true,
      person: { personalId: '38001085718', countryCode: 'EE', givenName: 'JAAK-KRISTJAN', surname: 'JÕEORG' },
    });
    expect(validateIdCardCertificate(card.cert, simulators.smartIdTrustAnchors)).toMatchObject({ ok: false, code: 'invalid_certificate' });
  });

  it('serves TLS for localhost with eidServerTls and accepts an issued ID-card client certificate', async () => {
    const card = await simulators.issueTestIdCard({ personalId: '38001085718', givenName: 'JAAK', surname: 'JÕEORG' });
    const server = createHttpsServer(
      { ...simulators.eidServerTls, ca: simulators.idCardTrustAnchors, requestCert: true, rejectUnauthorized: true },
      (request, response) => {
        const peer = (request.socket as TLSSocket).getPeerCertificate();
        response.end(peer.subject.serialNumber);
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      for (const host of ['localhost', '127.0.0.1']) {
        const body = await new Promise<string>((resolve, reject) => {
          httpsRequest({ host, port, path: '/', ca: simulators.eidServerTls.ca, cert: card.cert, key: card.key }, (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => resolve(text));
          })
            .on('error', reject)
            .end();
        });
        expect(body).toBe('PNOEE-38001085718');
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
