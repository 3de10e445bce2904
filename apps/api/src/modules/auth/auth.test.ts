import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authSessions, authenticationEvents } from '../../db/schema.js';
import { buildTestApp } from '../../test/app.js';
import { claimsOf, createPkce, pollUntilDone, signIn } from '../../test/sign-in.js';

let app: FastifyInstance;

beforeAll(async () => {
  // Every test signs in from the same address, often as the same person: limits high here, tested on their own below.
  app = await buildTestApp({ RATE_LIMIT_STARTS_PER_PERSON: '1000', RATE_LIMIT_STARTS_PER_ADDRESS: '1000' });
});

afterAll(async () => {
  await app.close();
});

const startSmartId = (personalId: string, common = createPkce().common) =>
  app.inject({ method: 'POST', url: '/oauth2/v2/authorize/sid/start', payload: { ...common, personalId, personalIdCountryCode: 'EE' } });

const startMobileId = (personalId: string, phoneNumber: string, common = createPkce().common) =>
  app.inject({ method: 'POST', url: '/oauth2/v2/authorize/mid/start', payload: { ...common, personalId, phoneNumber } });

describe('Smart-ID sign-in, through the client and the simulator over HTTP', () => {
  it('signs in the demo OK identity: code, state, tokens naming the person from the certificate', async () => {
    const pkce = createPkce();
    const start = await startSmartId('40504040001', pkce.common);
    expect(start.statusCode).toBe(200);
    expect(start.json()).toEqual({ authenticationSessionId: expect.any(String), verificationCode: expect.stringMatching(/^\d{4}$/) });

    const status = await pollUntilDone(app, 'sid', start.json().authenticationSessionId);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ status: 'COMPLETE', state: pkce.clientState, code: expect.any(String) });

    const token = await app.inject({
      method: 'POST',
      url: '/oauth2/v2/authorize/token',
      payload: { authorizationCode: status.json().code, codeVerifier: pkce.codeVerifier, grantType: 'AUTHORIZATION_CODE' },
    });
    expect(token.statusCode).toBe(200);
    const claims = claimsOf(token.json().accessToken);
    expect(claims).toMatchObject({ personalId: '40504040001', personalIdCountryCode: 'EE', authenticationMethod: 'SMART_ID', aud: 'onboarding' });
    expect(claims.givenName).toEqual(expect.any(String));
    expect(Number(claims.exp) - Number(claims.iat)).toBe(300);
  });

  it.each(['30403039917', '30403039972'])(
    'answers a refusal on the phone (%s) as a completed sign-in with outcome user_cancelled and no code, 200',
    async (personalId) => {
      const pkce = createPkce();
      const start = await startSmartId(personalId, pkce.common);
      expect(start.statusCode).toBe(200);
      const status = await pollUntilDone(app, 'sid', start.json().authenticationSessionId);
      expect(status.statusCode).toBe(200);
      expect(status.json()).toEqual({ status: 'COMPLETE', state: pkce.clientState, outcome: 'user_cancelled' });
      // Asked again, the refusal stands.
      const again = await app.inject({ method: 'GET', url: `/oauth2/v2/authorize/sid/${start.json().authenticationSessionId}/status` });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ status: 'COMPLETE', state: pkce.clientState, outcome: 'user_cancelled' });
    },
  );

  it.each([
    ['30403039983', 'timeout'],
    ['30403039994', 'document_unusable'],
  ])('answers %s with the failure code %s', async (personalId, code) => {
    const start = await startSmartId(personalId);
    expect(start.statusCode).toBe(200);
    const status = await pollUntilDone(app, 'sid', start.json().authenticationSessionId);
    expect(status.statusCode).toBe(400);
    expect(status.json()).toEqual({ code, message: expect.any(String) });
  });

  it('answers user_not_found at start for a valid personal code with no Smart-ID account', async () => {
    const start = await startSmartId('38001085718');
    expect(start.statusCode).toBe(400);
    expect(start.json().code).toBe('user_not_found');
  });

  it('refuses an invalid personal code with the validation code, before asking SK', async () => {
    const start = await startSmartId('38001085719');
    expect(start.statusCode).toBe(400);
    expect(start.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'personalId', code: 'invalidPersonalId' }] });
    const short = await startSmartId('3800108571');
    expect(short.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'personalId', code: 'exactLength', params: { length: 11 } }] });
  });

  it.each([
    ['channel', 'MOBILE_APP'],
    ['clientId', 'someone-else'],
    ['responseType', 'token'],
    ['codeChallengeMethod', 'plain'],
    ['codeChallenge', 'too-short'],
  ])('refuses a wrong %s', async (field, value) => {
    const start = await startSmartId('40504040001', { ...createPkce().common, [field]: value });
    expect(start.statusCode).toBe(400);
    expect(start.json().fields[0].path).toBe(field);
  });

  it('cancels a running sign-in; its status then says outcome user_cancelled, 200', async () => {
    const pkce = createPkce();
    const start = await startSmartId('30403039983', pkce.common);
    const id = start.json().authenticationSessionId;
    const cancel = await app.inject({ method: 'POST', url: `/oauth2/v2/authorize/sid/${id}/cancel` });
    expect(cancel.statusCode).toBe(204);
    const status = await app.inject({ method: 'GET', url: `/oauth2/v2/authorize/sid/${id}/status` });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ status: 'COMPLETE', state: pkce.clientState, outcome: 'user_cancelled' });
  });

  it('does not answer a Smart-ID sign-in on the Mobile-ID path', async () => {
    const start = await startSmartId('40504040001');
    const status = await app.inject({ method: 'GET', url: `/oauth2/v2/authorize/mid/${start.json().authenticationSessionId}/status` });
    expect(status.statusCode).toBe(404);
  });
});

describe('Mobile-ID sign-in, through the client and the simulator over HTTP', () => {
  it('signs in the demo OK number with the name from the certificate', async () => {
    const tokens = await signIn(app, 'mid', { personalId: '60001019906', phoneNumber: '+37200000766' });
    expect(claimsOf(tokens.accessToken)).toMatchObject({ personalId: '60001019906', authenticationMethod: 'MOBILE_ID' });
  });

  it('shows the PIN1 prompt’s text in the language the start names, Estonian without one', async () => {
    const start = (language?: string) =>
      app.inject({
        method: 'POST',
        url: '/oauth2/v2/authorize/mid/start',
        payload: { ...createPkce().common, personalId: '60001019906', phoneNumber: '+37200000766', ...(language ? { language } : {}) },
      });
    expect((await start('ru')).statusCode).toBe(200);
    expect(app.identitySimulators?.phoneScreen('60001019906')).toMatchObject({ pin: 'PIN1', displayText: 'Открытие счёта компании' });
    expect((await start('en')).statusCode).toBe(200);
    expect(app.identitySimulators?.phoneScreen('60001019906')).toMatchObject({ displayText: 'Opening a business account' });
    expect((await start()).statusCode).toBe(200);
    expect(app.identitySimulators?.phoneScreen('60001019906')).toMatchObject({ displayText: 'Ettevõtte konto avamine' });
    expect((await start('de')).statusCode).toBe(400);
  });

  it('carries the phone number Mobile-ID confirmed in the access token, also after a refresh; Smart-ID carries none', async () => {
    const tokens = await signIn(app, 'mid', { personalId: '60001019906', phoneNumber: '+37200000766' });
    expect(claimsOf(tokens.accessToken)).toMatchObject({ authenticationMethod: 'MOBILE_ID', phoneNumber: '+37200000766' });
    const refreshed = await app.inject({ method: 'POST', url: '/oauth2/v2/authorize/refresh', payload: { refreshToken: tokens.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    expect(claimsOf(refreshed.json().accessToken)).toMatchObject({ authenticationMethod: 'MOBILE_ID', phoneNumber: '+37200000766' });

    const smartId = await signIn(app, 'sid', { personalId: '40504040001' });
    expect(claimsOf(smartId.accessToken)).not.toHaveProperty('phoneNumber');
  });

  it.each(['00000766', '+372 0000 0766', '372 0000 0766', '00372 0000 0766'])(
    'signs in with the number typed as people type it (%s): Mobile-ID is asked, and the token carries, +37200000766',
    async (typed) => {
      const tokens = await signIn(app, 'mid', { personalId: '60001019906', phoneNumber: typed });
      expect(claimsOf(tokens.accessToken)).toMatchObject({ authenticationMethod: 'MOBILE_ID', phoneNumber: '+37200000766' });
    },
  );

  it.each(['0000 07x6', '+372 123', '++372 0000 0766'])('refuses a number that cannot be one (%s) on the field, before asking Mobile-ID', async (typed) => {
    const start = await startMobileId('60001019906', typed);
    expect(start.statusCode).toBe(400);
    expect(start.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'phoneNumber', code: 'invalidPhone' }] });
  });

  it.each([
    ['60001019939', '+37200000266', 'user_not_found'],
    ['60001019947', '+37207110066', 'delivery_error'],
    ['60001019972', '+37201200266', 'sim_error'],
    ['60001019983', '+37213100266', 'phone_absent'],
    ['50001018908', '+37066000266', 'timeout'],
  ])('answers %s / %s with %s', async (personalId, phoneNumber, code) => {
    const start = await startMobileId(personalId, phoneNumber);
    const response = start.statusCode === 200 ? await pollUntilDone(app, 'mid', start.json().authenticationSessionId) : start;
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(code);
  });

  it('answers a refusal on the phone as a completed sign-in with outcome user_cancelled, 200', async () => {
    const start = await startMobileId('60001019950', '+37201100266');
    const status = await pollUntilDone(app, 'mid', start.json().authenticationSessionId);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ status: 'COMPLETE', outcome: 'user_cancelled' });
    expect(status.json()).not.toHaveProperty('code');
  });

  it('refuses an invalid phone number with the validation code', async () => {
    const start = await startMobileId('60001019906', '12');
    expect(start.statusCode).toBe(400);
    expect(start.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'phoneNumber', code: 'invalidPhone' }] });
  });
});

describe('authorization codes (RFC 7636)', () => {
  async function completedSignIn() {
    const pkce = createPkce();
    const start = await startSmartId('50001029996', pkce.common);
    const status = await pollUntilDone(app, 'sid', start.json().authenticationSessionId);
    return { pkce, code: status.json().code as string, authenticationSessionId: start.json().authenticationSessionId as string };
  }

  const exchange = (authorizationCode: string, codeVerifier: string) =>
    app.inject({ method: 'POST', url: '/oauth2/v2/authorize/token', payload: { authorizationCode, codeVerifier, grantType: 'AUTHORIZATION_CODE' } });

  it('refuses a wrong verifier, and the code is spent by the attempt', async () => {
    const { pkce, code } = await completedSignIn();
    expect((await exchange(code, createPkce().codeVerifier)).statusCode).toBe(401);
    expect((await exchange(code, pkce.codeVerifier)).statusCode).toBe(401);
  });

  it('is single-use', async () => {
    const { pkce, code } = await completedSignIn();
    expect((await exchange(code, pkce.codeVerifier)).statusCode).toBe(200);
    expect((await exchange(code, pkce.codeVerifier)).statusCode).toBe(401);
  });

  it('expires within 60 seconds', async () => {
    const { pkce, code, authenticationSessionId } = await completedSignIn();
    await app.database.db
      .update(authSessions)
      .set({ codeExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(authSessions.id, authenticationSessionId));
    expect((await exchange(code, pkce.codeVerifier)).statusCode).toBe(401);
  });

  it("cannot be exchanged with another sign-in's verifier", async () => {
    const first = await completedSignIn();
    const second = await completedSignIn();
    expect((await exchange(first.code, second.pkce.codeVerifier)).statusCode).toBe(401);
  });

  it('refuses a wrong grant type', async () => {
    const { pkce, code } = await completedSignIn();
    const response = await app.inject({
      method: 'POST',
      url: '/oauth2/v2/authorize/token',
      payload: { authorizationCode: code, codeVerifier: pkce.codeVerifier, grantType: 'PASSWORD' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('sessions: refresh, reuse, logout, access tokens', () => {
  const refresh = (refreshToken: string) => app.inject({ method: 'POST', url: '/oauth2/v2/authorize/refresh', payload: { refreshToken } });
  const completedEvent = (accessToken: string) =>
    app.inject({
      method: 'POST',
      url: '/onboarding/legal/authentication-event/completed',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { visitorId: 'visitor-1', result: 'COMPLETED', authenticationMethod: 'SMART_ID' },
    });

  it('rotates the refresh token on every use', async () => {
    const tokens = await signIn(app, 'sid', { personalId: '40504040001' });
    const first = await refresh(tokens.refreshToken);
    expect(first.statusCode).toBe(200);
    expect(first.json().refreshToken).not.toBe(tokens.refreshToken);
    expect(claimsOf(first.json().accessToken).sid).toBe(claimsOf(tokens.accessToken).sid);
    expect((await refresh(first.json().refreshToken)).statusCode).toBe(200);
  });

  it('revokes the whole session when a spent refresh token is used again', async () => {
    const tokens = await signIn(app, 'sid', { personalId: '40504040001' });
    const rotated = (await refresh(tokens.refreshToken)).json();
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
    expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
    expect((await completedEvent(rotated.accessToken)).statusCode).toBe(401);
  });

  it('ends the session at logout', async () => {
    const tokens = await signIn(app, 'sid', { personalId: '40504040001' });
    expect((await completedEvent(tokens.accessToken)).statusCode).toBe(204);
    const logout = await app.inject({ method: 'POST', url: '/oauth2/v2/authorize/logout', payload: { refreshToken: tokens.refreshToken } });
    expect(logout.statusCode).toBe(204);
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
    expect((await completedEvent(tokens.accessToken)).statusCode).toBe(401);
  });

  it('refuses a tampered access token', async () => {
    const tokens = await signIn(app, 'sid', { personalId: '40504040001' });
    const [header, , signature] = tokens.accessToken.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claimsOf(tokens.accessToken), personalId: '38001085718' })).toString('base64url');
    expect((await completedEvent(`${header}.${forged}.${signature}`)).statusCode).toBe(401);
  });

  it('refuses an access token past its expiry', async () => {
    const tokens = await signIn(app, 'sid', { personalId: '40504040001' });
    expect((await completedEvent(tokens.accessToken)).statusCode).toBe(204);
    const expiry = Number(claimsOf(tokens.accessToken).exp) * 1000;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(expiry + 1000);
      expect((await completedEvent(tokens.accessToken)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('authentication events', () => {
  it('keeps a failed event without a token', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/onboarding/legal/anonymous/authentication-event/failed',
      payload: { visitorId: 'visitor-failed', result: 'FAILED', authenticationMethod: 'MOBILE_ID', personalId: '60001019950', errorCode: 'MID.DEVICE_PROBLEM' },
    });
    expect(response.statusCode).toBe(204);
    const rows = await app.database.db.select().from(authenticationEvents).where(eq(authenticationEvents.visitorId, 'visitor-failed'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ result: 'FAILED', authenticationMethod: 'MOBILE_ID', personalId: '60001019950' });
  });

  it("keeps only the spec's fields of a failed event: anything else, or anything malformed, is refused and not stored", async () => {
    const send = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/onboarding/legal/anonymous/authentication-event/failed', payload });
    const base = { visitorId: 'visitor-strict', result: 'FAILED', authenticationMethod: 'MOBILE_ID' };
    for (const extra of [{ extra: { note: 'x'.repeat(10_000) } }, { personalId: '12345678901' }, { errorCode: 'x\r\ny' }, { visitorId: 'v'.repeat(200) }]) {
      const response = await send({ ...base, ...extra });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const rows = await app.database.db.select().from(authenticationEvents).where(eq(authenticationEvents.visitorId, 'visitor-strict'));
    expect(rows).toHaveLength(0);
  });

  it('limits failed events per address: the anonymous endpoint cannot fill the append-only table', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_STARTS_PER_ADDRESS: '2' });
    try {
      const send = () =>
        limited.inject({
          method: 'POST',
          url: '/onboarding/legal/anonymous/authentication-event/failed',
          remoteAddress: '203.0.113.7',
          payload: { visitorId: 'visitor-flood', result: 'FAILED', authenticationMethod: 'SMART_ID', errorCode: 'SID.TIMEOUT' },
        });
      expect([(await send()).statusCode, (await send()).statusCode]).toEqual([204, 204]);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      const rows = await limited.database.db.select().from(authenticationEvents).where(eq(authenticationEvents.visitorId, 'visitor-flood'));
      expect(rows).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });

  it('refuses a completed event without a token', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/onboarding/legal/authentication-event/completed',
      payload: { visitorId: 'v', result: 'COMPLETED' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('takes the person of a completed event from the token, not the body', async () => {
    const tokens = await signIn(app, 'sid', { personalId: '50001029996' });
    await app.inject({
      method: 'POST',
      url: '/onboarding/legal/authentication-event/completed',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
      payload: { visitorId: 'visitor-completed', result: 'COMPLETED', personalId: '38001085718' },
    });
    const [row] = await app.database.db.select().from(authenticationEvents).where(eq(authenticationEvents.visitorId, 'visitor-completed'));
    expect(row?.personalId).toBe('50001029996');
  });
});

describe('magic sign-in', () => {
  it('signs in by personal code when on (simulated mode)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/oauth2/v2/authorize/magic',
      payload: { idCode: '38001085718', givenName: 'MARI', surname: 'MAASIKAS' },
    });
    expect(response.statusCode).toBe(200);
    expect(claimsOf(response.json().accessToken)).toMatchObject({
      personalId: '38001085718',
      personalIdCountryCode: 'EE',
      authenticationMethod: 'MAGIC',
      givenName: 'MARI',
    });
  });

  it.each([
    ['12345678901', 'invalidPersonalId'],
    ['3800108571', 'exactLength'],
    ['3800108571A', 'onlyNumbers'],
  ])('refuses the invalid personal code %s with the forms’ code %s', async (personalId, code) => {
    const response = await app.inject({ method: 'POST', url: '/oauth2/v2/authorize/magic', payload: { personalId } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'personalId', code }] });
  });

  it('does not exist when off', async () => {
    const withoutMagic = await buildTestApp({ MAGIC_SIGN_IN: 'false' });
    try {
      const response = await withoutMagic.inject({ method: 'POST', url: '/oauth2/v2/authorize/magic', payload: { personalId: '38001085718' } });
      expect(response.statusCode).toBe(404);
    } finally {
      await withoutMagic.close();
    }
  });
});

describe('rate limits on sign-in starts', () => {
  const startOn = (target: FastifyInstance, personalId: string, remoteAddress: string) =>
    target.inject({
      method: 'POST',
      url: '/oauth2/v2/authorize/sid/start',
      remoteAddress,
      payload: { ...createPkce().common, personalId, personalIdCountryCode: 'EE' },
    });

  it('answers 429 RATE_LIMITED with Retry-After when one address has started too many sign-ins for one person', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_STARTS_PER_PERSON: '3' });
    try {
      const answers = [];
      for (let attempt = 0; attempt < 4; attempt++) answers.push((await startOn(limited, '39901012239', '10.0.0.1')).statusCode);
      expect(answers).toEqual([200, 200, 200, 429]);
      const refused = await startOn(limited, '39901012239', '10.0.0.1');
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(refused.json().retryAfterSeconds).toBe(retryAfter);
      // Another person from the same address is not affected.
      expect((await startOn(limited, '40504040001', '10.0.0.1')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('cannot be used to lock a person out: starts for their code from another address do not count against them', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_STARTS_PER_PERSON: '5' });
    try {
      // The attacker starts five Smart-ID sign-ins for someone else's personal code.
      for (let attempt = 0; attempt < 5; attempt++) await startOn(limited, '39901012239', '198.51.100.66');
      expect((await startOn(limited, '39901012239', '198.51.100.66')).statusCode).toBe(429);
      // The person themselves, from their own address, by Smart-ID and by Mobile-ID.
      expect((await startOn(limited, '39901012239', '10.0.0.9')).statusCode).toBe(200);
      const mobileId = await limited.inject({
        method: 'POST',
        url: '/oauth2/v2/authorize/mid/start',
        remoteAddress: '10.0.0.9',
        payload: { ...createPkce().common, personalId: '60001019906', phoneNumber: '+37200000766', personalIdCountryCode: 'EE' },
      });
      expect(mobileId.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('counts attempts SK refused too, so the limit cannot be used to probe who has an account', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_STARTS_PER_PERSON: '2' });
    try {
      const answers = [];
      for (let attempt = 0; attempt < 3; attempt++) answers.push((await startOn(limited, '38001085718', '10.0.2.1')).json().code);
      expect(answers).toEqual(['user_not_found', 'user_not_found', 'RATE_LIMITED']);
    } finally {
      await limited.close();
    }
  });

  it('answers 429 when one address has started too many sign-ins, for any person', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_STARTS_PER_ADDRESS: '2' });
    try {
      const answers = [];
      for (const personalId of ['40504040001', '50001029996', '39901012239']) answers.push((await startOn(limited, personalId, '10.0.1.1')).statusCode);
      expect(answers).toEqual([200, 200, 429]);
      expect((await startOn(limited, '39901012239', '10.0.1.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
