import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '../../db/schema.js';
import { buildTestApp } from '../../test/app.js';
import { claimsOf, createPkce, pollUntilDone } from '../../test/sign-in.js';
import { playThePhone as playThePhoneAt } from '../../test/smart-id-phone.js';

/**
 * Smart-ID sign-in by QR code and app link through the auth API (decision 38), against the Smart-ID stand-in over
 * HTTP. Its mock endpoint plays the phone: it checks the link as the app would and, for Web2App, names the return
 * address the app opens.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_STARTS_PER_PERSON: '1000', RATE_LIMIT_STARTS_PER_ADDRESS: '1000' });
});

afterAll(async () => {
  await app.close();
});

const start = (flow: 'QR' | 'Web2App', common = createPkce().common) =>
  app.inject({ method: 'POST', url: '/oauth2/v2/authorize/sid/device-link/start', payload: { ...common, flow, language: 'en' } });

const playThePhone = (body: Record<string, unknown>) => playThePhoneAt(app.identitySimulators?.smartIdBaseUrl ?? '', body);

const cookieOf = (setCookie: string | string[] | undefined) => /^sid_return=([^;]+)/.exec(String(setCookie))?.[1] ?? '';

/** The values the app adds to the return address, and the one-time value it carried. */
function returnOf(callbackUrl: string) {
  const url = new URL(callbackUrl);
  const value = (name: string) => url.searchParams.get(name) ?? '';
  return {
    authenticationSessionId: value('session'),
    value: value('value'),
    sessionSecretDigest: value('sessionSecretDigest'),
    userChallengeVerifier: value('userChallengeVerifier'),
  };
}

const sendReturn = (body: ReturnType<typeof returnOf>, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/oauth2/v2/authorize/sid/callback',
    payload: body,
    headers: cookie === undefined ? {} : { cookie: `sid_return=${cookie}` },
  });

describe('Smart-ID sign-in by QR code', () => {
  it('renews the link, signs in the person the certificate names, and never shows the session secret', async () => {
    const pkce = createPkce();
    const started = await start('QR', pkce.common);
    expect(started.statusCode).toBe(200);
    const { authenticationSessionId, deviceLink, expiresInSeconds } = started.json();
    expect(expiresInSeconds).toBe(60);
    expect(deviceLink).toMatch(/^https:\/\/smart-id\.com\/device-link\?deviceLinkType=QR&elapsedSeconds=0&sessionToken=/);

    const renewed = await app.inject({ method: 'GET', url: `/oauth2/v2/authorize/sid/${authenticationSessionId}/device-link?language=ru` });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.headers['cache-control']).toBe('no-store');
    expect(renewed.json().deviceLink).toContain('&lang=rus&authCode=');

    // The secret is sealed at rest and in no answer.
    const [row] = await app.database.db.select().from(authSessions).where(eq(authSessions.id, authenticationSessionId));
    expect(row?.deviceLink?.sealedSessionSecret.sealed).toEqual(expect.any(String));
    expect(JSON.stringify(row)).not.toMatch(/"sessionSecret"/);
    expect(started.body + renewed.body).not.toContain(row?.deviceLink?.sealedSessionSecret.sealed);

    expect((await playThePhone({ documentNumber: 'PNOEE-40504040001-MOCK-Q', deviceLink: renewed.json().deviceLink, flowType: 'QR' })).status).toBe(200);
    const status = await pollUntilDone(app, 'sid', authenticationSessionId);
    expect(status.json()).toEqual({ status: 'COMPLETE', state: pkce.clientState, code: expect.any(String) });
    const token = await app.inject({
      method: 'POST',
      url: '/oauth2/v2/authorize/token',
      payload: { authorizationCode: status.json().code, codeVerifier: pkce.codeVerifier, grantType: 'AUTHORIZATION_CODE' },
    });
    expect(claimsOf(token.json().accessToken)).toMatchObject({ personalId: '40504040001', authenticationMethod: 'SMART_ID' });

    // The sign-in is over: no more codes to show.
    const after = await app.inject({ method: 'GET', url: `/oauth2/v2/authorize/sid/${authenticationSessionId}/device-link?language=et` });
    expect(after.statusCode).toBe(404);
  });

  it('answers 404 for a link of an unknown sign-in, and of a personal-code sign-in', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/oauth2/v2/authorize/sid/00000000-0000-4000-8000-000000000000/device-link?language=et' });
    expect(unknown.statusCode).toBe(404);
    const byCode = await app.inject({
      method: 'POST',
      url: '/oauth2/v2/authorize/sid/start',
      payload: { ...createPkce().common, personalId: '40504040001', personalIdCountryCode: 'EE' },
    });
    const link = await app.inject({ method: 'GET', url: `/oauth2/v2/authorize/sid/${byCode.json().authenticationSessionId}/device-link?language=et` });
    expect(link.statusCode).toBe(404);
  });

  it('a refusal in the app is the user_cancelled outcome', async () => {
    const pkce = createPkce();
    const started = (await start('QR', pkce.common)).json();
    await playThePhone({ documentNumber: 'PNOEE-30403039917-MOCK-Q', deviceLink: started.deviceLink, flowType: 'QR' });
    const status = await pollUntilDone(app, 'sid', started.authenticationSessionId);
    expect(status.json()).toEqual({ status: 'COMPLETE', state: pkce.clientState, outcome: 'user_cancelled' });
  });
});

describe('Smart-ID sign-in by app link (Web2App) and its return', () => {
  async function confirmedInTheApp() {
    const pkce = createPkce();
    const started = await start('Web2App', pkce.common);
    expect(started.statusCode).toBe(200);
    const setCookie = started.headers['set-cookie'];
    expect(String(setCookie)).toMatch(/^sid_return=[\w-]+; HttpOnly; SameSite=Lax; Path=\/oauth2\/v2\/authorize\/sid\/callback; Max-Age=120$/);
    const cookie = cookieOf(setCookie);
    const { deviceLink, authenticationSessionId } = started.json();
    const phone = await playThePhone({ documentNumber: 'PNOEE-40404040009-MOCK-Q', deviceLink, flowType: 'Web2App', browserCookie: `sid_return=${cookie}` });
    expect(phone.status).toBe(200);
    return { pkce, cookie, authenticationSessionId: String(authenticationSessionId), back: returnOf(String(phone.body.callbackUrl)) };
  }

  it('signs in through the return, once; the tab that started learns it happened elsewhere', async () => {
    const { pkce, cookie, authenticationSessionId, back } = await confirmedInTheApp();
    expect(back.authenticationSessionId).toBe(authenticationSessionId);
    // Until the return, the starting tab waits: SK's answer alone does not end a Web2App sign-in.
    const waiting = await app.inject({ method: 'GET', url: `/oauth2/v2/authorize/sid/${authenticationSessionId}/status` });
    expect(waiting.json()).toEqual({ status: 'RUNNING' });

    const returned = await sendReturn(back, cookie);
    expect(returned.statusCode).toBe(200);
    expect(returned.json()).toEqual({ status: 'COMPLETE', state: pkce.clientState, code: expect.any(String) });
    expect(String(returned.headers['set-cookie'])).toContain('sid_return=; ');
    const token = await app.inject({
      method: 'POST',
      url: '/oauth2/v2/authorize/token',
      payload: { authorizationCode: returned.json().code, codeVerifier: pkce.codeVerifier, grantType: 'AUTHORIZATION_CODE' },
    });
    expect(claimsOf(token.json().accessToken)).toMatchObject({ personalId: '40404040009', authenticationMethod: 'SMART_ID' });

    const elsewhere = await app.inject({ method: 'GET', url: `/oauth2/v2/authorize/sid/${authenticationSessionId}/status` });
    expect(elsewhere.json()).toEqual({ status: 'COMPLETE', state: pkce.clientState, outcome: 'signed_in_elsewhere' });

    // The same return again: spent.
    expect((await sendReturn(back, cookie)).statusCode).toBe(404);
  });

  it('refuses a return without the cookie, with another browser’s cookie, or with another one-time value', async () => {
    const { cookie, back } = await confirmedInTheApp();
    expect((await sendReturn(back)).statusCode).toBe(404);
    expect((await sendReturn(back, 'another-browsers-cookie')).statusCode).toBe(404);
    expect((await sendReturn({ ...back, value: 'guessed' }, cookie)).statusCode).toBe(404);
    // None of these spent it: the genuine return still signs in.
    expect((await sendReturn(back, cookie)).json()).toMatchObject({ status: 'COMPLETE', code: expect.any(String) });
  });

  it.each([
    ['a wrong sessionSecretDigest', { sessionSecretDigest: 'U4CKK13H1XFiyBofev9asqrzIrY5_Gszi_nL_zDKkBc' }],
    ['a wrong userChallengeVerifier', { userChallengeVerifier: 'XtPfaGa8JnGtYrJjboooUf0KfY9sMEHrWFpSQrsUv9c' }],
  ])('refuses a return with %s, and spends it', async (_case, change) => {
    const { cookie, back } = await confirmedInTheApp();
    const refused = await sendReturn({ ...back, ...change }, cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('unexpected');
    expect((await sendReturn(back, cookie)).statusCode).toBe(404);
  });
});

describe('rate limits of QR codes and app links', () => {
  it('counts them per address only: a QR code names nobody, so people behind one address do not share a person’s five', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_STARTS_PER_PERSON: '2', RATE_LIMIT_STARTS_PER_ADDRESS: '4' });
    try {
      const startOne = () =>
        limited.inject({ method: 'POST', url: '/oauth2/v2/authorize/sid/device-link/start', payload: { ...createPkce().common, flow: 'QR', language: 'et' } });
      const statuses = [];
      for (let count = 0; count < 5; count += 1) statuses.push((await startOne()).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
