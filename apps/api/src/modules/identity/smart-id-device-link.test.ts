import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulators, type SimulatorHandle } from '../../simulators/start-simulators.js';
import { createSmartIdClient, type SmartIdClient } from './smart-id-client.js';
import { checkDeviceLinkCallback, type DeviceLinkSession } from './smart-id-device-link.js';
import { parseDeviceLink, sessionSecretDigest } from './smart-id-v3-protocol.js';
import { IdentityError } from './types.js';

// The callback listener of the Web2App tests (ports 4610-4619 are this suite's).
const CALLBACK_PORT = 4611;
const dataDir = mkdtempSync(path.join(tmpdir(), 'smart-id-device-link-'));
let simulators: SimulatorHandle;
let client: SmartIdClient;
let callbackServer: Server;
const callbacks: { url: string; cookie: string | undefined }[] = [];
const callbackBase = `http://127.0.0.1:${String(CALLBACK_PORT)}/sign-in/return?state=one-time-value`;

beforeAll(async () => {
  simulators = await startSimulators({ dataDir, completionDelayMs: 0 });
  client = createSmartIdClient({
    baseUrl: simulators.smartIdBaseUrl,
    relyingPartyUuid: simulators.relyingPartyUuid,
    relyingPartyName: simulators.relyingPartyName,
    trustAnchors: simulators.smartIdTrustAnchors,
    displayText: 'Ettevõtte konto avamine',
  });
  callbackServer = createServer((request: IncomingMessage, response) => {
    callbacks.push({ url: request.url ?? '', cookie: request.headers.cookie });
    response.writeHead(302, { location: '/signed-in' }).end();
  });
  await new Promise<void>((resolve) => callbackServer.listen(CALLBACK_PORT, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise<void>((resolve) => callbackServer.close(() => resolve()));
  await simulators.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** What the phone does with a link (SK DEMO's /mock/device-link): the status and the body, as text so a test can search it. */
const phone = async (body: Record<string, unknown>): Promise<{ status: number; text: string; json: Record<string, unknown> }> => {
  const response = await fetch(simulators.smartIdMockDeviceLinkUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, json: JSON.parse(text) as Record<string, unknown> };
};

const poll = (session: DeviceLinkSession) => client.pollDeviceLinkAuthentication({ session, timeoutMs: 1000 });

describe('QR sign-in through the stand-in', () => {
  it('the phone scans the QR of an adult account; the poll completes with the person from the certificate', async () => {
    const session = await client.startDeviceLinkAuthentication({ flow: 'QR' });
    expect(await poll(session)).toEqual({ status: 'RUNNING' });
    const deviceLink = client.deviceLink(session, { lang: 'est', nowMs: session.createdAtMs + 1500 });
    expect(parseDeviceLink(deviceLink)).toMatchObject({ deviceLinkType: 'QR', elapsedSeconds: 1, sessionType: 'auth', lang: 'est' });
    expect((await phone({ documentNumber: 'PNOEE-40404040009-MOCK-Q', deviceLink, flowType: 'QR' })).status).toBe(200);
    expect(await poll(session)).toEqual({
      status: 'COMPLETE',
      person: { personalId: '40404040009', countryCode: 'EE', givenName: 'ADULT', surname: 'TESTNUMBER' },
      documentNumber: 'PNOEE-40404040009-MOCK-Q',
      userChallenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
  });

  it("an account's refusal is the sign-in's outcome", async () => {
    const session = await client.startDeviceLinkAuthentication({ flow: 'QR' });
    const deviceLink = client.deviceLink(session, { lang: 'eng', nowMs: Date.now() });
    expect((await phone({ documentNumber: 'PNOEE-30403039917-MOCK-Q', deviceLink, flowType: 'QR' })).json).toEqual({ endResult: 'USER_REFUSED' });
    expect(await poll(session)).toEqual({ status: 'FAILED', code: 'user_cancelled', detail: 'USER_REFUSED' });
  });

  it('the minor account signs in too', async () => {
    const session = await client.startDeviceLinkAuthentication({ flow: 'QR' });
    await phone({ documentNumber: 'PNOEE-61101019999-MOCK-Q', deviceLink: client.deviceLink(session, { lang: 'rus', nowMs: Date.now() }), flowType: 'QR' });
    expect(await poll(session)).toMatchObject({ status: 'COMPLETE', person: { personalId: '61101019999', givenName: 'MINOR' } });
  });
});

describe('Web2App sign-in through the stand-in', () => {
  it('the app opens the callback with the cookie, the digest and the verifier; the checks pass for this session only', async () => {
    const session = await client.startDeviceLinkAuthentication({ flow: 'Web2App', initialCallbackUrl: callbackBase });
    const deviceLink = client.deviceLink(session, { lang: 'est', nowMs: Date.now() });
    expect(deviceLink).not.toContain('elapsedSeconds');
    callbacks.length = 0;
    const answered = await phone({ documentNumber: 'PNOEE-40404040009-MOCK-Q', deviceLink, flowType: 'Web2App', browserCookie: 'sid=browser-1' });
    expect(answered.json).toEqual({
      endResult: 'OK',
      callbackUrl: expect.stringMatching(/&sessionSecretDigest=[\w-]+&userChallengeVerifier=[\w-]+$/),
      callback: { url: expect.any(String), status: 302, location: '/signed-in' },
    });
    const [callback] = callbacks;
    expect(callback?.cookie).toBe('sid=browser-1');
    const query = new URL(callback?.url ?? '', 'http://127.0.0.1').searchParams;
    expect(query.get('state')).toBe('one-time-value');
    const result = await poll(session);
    if (result.status !== 'COMPLETE') throw new Error(`sign-in ended ${result.status}`);
    const returned = { sessionSecretDigest: query.get('sessionSecretDigest') ?? '', userChallengeVerifier: query.get('userChallengeVerifier') ?? '' };
    expect(returned.sessionSecretDigest).toBe(sessionSecretDigest(session.sessionSecret));
    expect(checkDeviceLinkCallback({ session, ...returned, userChallenge: result.userChallenge })).toBe(true);

    // Another session's secret, or a verifier that is not the app's, fails the check.
    const other = await client.startDeviceLinkAuthentication({ flow: 'Web2App', initialCallbackUrl: callbackBase });
    expect(checkDeviceLinkCallback({ session: other, ...returned, userChallenge: result.userChallenge })).toBe(false);
    expect(checkDeviceLinkCallback({ session, ...returned, userChallengeVerifier: 'x'.repeat(43), userChallenge: result.userChallenge })).toBe(false);
  });

  it('a Web2App link needs an https callback address', async () => {
    await expect(client.startDeviceLinkAuthentication({ flow: 'Web2App', initialCallbackUrl: 'http://example.com/return' })).rejects.toMatchObject({
      code: 'unexpected',
    });
    await expect(client.startDeviceLinkAuthentication({ flow: 'Web2App' })).rejects.toBeInstanceOf(IdentityError);
  });
});

describe("the phone stand-in refuses what SK's app refuses (RFC 9457 problems)", () => {
  const problemOf = async (body: Record<string, unknown>) => {
    const answer = await phone(body);
    expect(answer.json).toMatchObject({ type: 'about:blank', status: answer.status });
    return answer.status;
  };

  it('a link whose authCode does not match', async () => {
    const session = await client.startDeviceLinkAuthentication({ flow: 'QR' });
    const deviceLink = client.deviceLink(session, { lang: 'est', nowMs: Date.now() });
    expect(await problemOf({ documentNumber: 'PNOEE-40404040009-MOCK-Q', deviceLink: deviceLink.replace('lang=est', 'lang=eng'), flowType: 'QR' })).toBe(400);
    expect(await problemOf({ documentNumber: 'PNOEE-40404040009-MOCK-Q', deviceLink: `${deviceLink.slice(0, -2)}AA`, flowType: 'QR' })).toBe(400);
  });

  it('a flowType other than the link, and reuse of a completed session', async () => {
    const session = await client.startDeviceLinkAuthentication({ flow: 'QR' });
    const deviceLink = client.deviceLink(session, { lang: 'est', nowMs: Date.now() });
    expect(await problemOf({ documentNumber: 'PNOEE-40404040009-MOCK-Q', deviceLink, flowType: 'Web2App', browserCookie: 'c=1' })).toBe(400);
    expect((await phone({ documentNumber: 'PNOEE-40404040009-MOCK-Q', deviceLink, flowType: 'QR' })).status).toBe(200);
    expect(await problemOf({ documentNumber: 'PNOEE-40404040009-MOCK-Q', deviceLink, flowType: 'QR' })).toBe(409);
  });

  it('a Web2App link without the browser cookie', async () => {
    const session = await client.startDeviceLinkAuthentication({ flow: 'Web2App', initialCallbackUrl: callbackBase });
    const deviceLink = client.deviceLink(session, { lang: 'est', nowMs: Date.now() });
    expect(await problemOf({ documentNumber: 'PNOEE-40404040009-MOCK-Q', deviceLink, flowType: 'Web2App' })).toBe(400);
  });

  it('a QR code more than 3 s behind the session', async () => {
    const session = await client.startDeviceLinkAuthentication({ flow: 'QR' });
    await sleep(4100);
    const stale = client.deviceLink(session, { lang: 'est', nowMs: session.createdAtMs });
    expect(await problemOf({ documentNumber: 'PNOEE-40404040009-MOCK-Q', deviceLink: stale, flowType: 'QR' })).toBe(400);
    const fresh = client.deviceLink(session, { lang: 'est', nowMs: Date.now() });
    expect((await phone({ documentNumber: 'PNOEE-40404040009-MOCK-Q', deviceLink: fresh, flowType: 'QR' })).status).toBe(200);
  });
});

describe('the session secret stays on the server', () => {
  it('appears in no refusal, no failed poll and no error', async () => {
    const session = await client.startDeviceLinkAuthentication({ flow: 'QR' });
    const seen: string[] = [];
    const deviceLink = client.deviceLink(session, { lang: 'est', nowMs: Date.now() });
    expect(deviceLink).not.toContain(session.sessionSecret);
    seen.push((await phone({ documentNumber: 'PNOEE-40404040009-MOCK-Q', deviceLink: `${deviceLink}x`, flowType: 'QR' })).text);
    seen.push((await phone({ documentNumber: 'PNOEE-40404040009-MOCK-Q', deviceLink, flowType: 'App2App' })).text);
    seen.push((await phone({ documentNumber: 'PNOEE-30403039972-MOCK-Q', deviceLink, flowType: 'QR' })).text);
    seen.push(JSON.stringify(await poll(session)));
    seen.push(JSON.stringify(await client.pollDeviceLinkAuthentication({ session: { ...session, providerSessionId: 'unknown' }, timeoutMs: 1000 })));

    // An answer that carries the secret but is otherwise unreadable: the error must not repeat it.
    const leaky = createSmartIdClient({
      baseUrl: simulators.smartIdBaseUrl,
      relyingPartyUuid: simulators.relyingPartyUuid,
      relyingPartyName: simulators.relyingPartyName,
      trustAnchors: simulators.smartIdTrustAnchors,
      displayText: 'x',
      fetch: async () => new Response(JSON.stringify({ sessionID: 'x', sessionToken: 'not a token!', sessionSecret: session.sessionSecret }), { status: 200 }),
    });
    const error = await leaky.startDeviceLinkAuthentication({ flow: 'QR' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IdentityError);
    seen.push(String(error), (error as Error).stack ?? '');
    for (const text of seen) expect(text).not.toContain(session.sessionSecret);
  });
});
