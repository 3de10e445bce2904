import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUTH_BASE_PATH, CLIENT_ID } from '@onboarding/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTHORIZATION_CODE_TTL_MS } from '../../apps/api/src/modules/auth/auth-service.js';
import { newSigningKeyPem } from '../../apps/api/src/modules/auth/signing-key.js';
import { buildTestApp } from '../../apps/api/src/test/app.js';
import { claimsOfToken, es256, headerOf, hs256, unsecured, withChangedClaims } from '../../apps/api/src/test/forged-tokens.js';
import { createPkce, pollUntilDone } from '../../apps/api/src/test/sign-in.js';

/**
 * OAuth abuse (RFC 7636, RFC 6749 section 10, RFC 8725): every way to get or
 * keep tokens one should not have, each refused. The results are printed as
 * one table: case, expected, got, pass. Rows marked "(control)" show the
 * same request succeeding when nothing is wrong, so a refusal is not an accident.
 */

const PUBLIC_URL = 'http://localhost:3000';
const SESSION_IDLE_TIMEOUT_SECONDS = 1800;

type Row = { group: string; case: string; expected: string; got: string; pass: boolean };
const rows: Row[] = [];

let app: FastifyInstance;
let signingKey: KeyObject;

beforeAll(async () => {
  // The server's own key, as an attacker who read it would hold it: tokens it signs test the claim checks, not the signature.
  const keyFile = path.join(mkdtempSync(path.join(tmpdir(), 'onboarding-oauth-abuse-')), 'auth-signing-key.pem');
  writeFileSync(keyFile, await newSigningKeyPem());
  signingKey = createPrivateKey(readFileSync(keyFile, 'utf8'));
  // Sign-ins here come from one address, often for one person: limits high, tested on an app of their own below.
  app = await buildTestApp({
    AUTH_SIGNING_KEY_FILE: keyFile,
    RATE_LIMIT_STARTS_PER_ADDRESS: '1000',
    RATE_LIMIT_STARTS_PER_PERSON: '1000',
    SESSION_IDLE_TIMEOUT_SECONDS: String(SESSION_IDLE_TIMEOUT_SECONDS),
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  vi.useRealTimers();
  const widths = { group: 14, case: 78, expected: 24, got: 24 };
  const line = (cells: string[]) => cells.map((cell, index) => cell.padEnd(Object.values(widths)[index] ?? 4)).join(' | ');
  console.log(
    [
      `OAuth abuse cases: ${rows.filter((row) => row.pass).length} of ${rows.length} as expected`,
      line(['group', 'case', 'expected', 'got', 'pass']),
      line(
        Object.values(widths)
          .map((width) => '-'.repeat(width))
          .concat('----'),
      ),
      ...rows.map((row) => line([row.group, row.case, row.expected, row.got, row.pass ? 'yes' : 'NO'])),
    ].join('\n'),
  );
});

/** "401 UNAUTHORIZED": the status and the error code (or the status alone for a success). */
function outcome(response: LightMyRequestResponse): string {
  if (response.statusCode < 400) return String(response.statusCode);
  try {
    return `${response.statusCode} ${String((response.json() as { code?: unknown }).code)}`;
  } catch {
    return `${response.statusCode} (not JSON)`;
  }
}

/** Adds a row and asserts it, so a failing case fails its test and shows in the table. */
function check(group: string, name: string, expected: string, response: LightMyRequestResponse): void {
  const got = outcome(response);
  rows.push({ group, case: name, expected, got, pass: got === expected });
  expect(got, `${group}: ${name}`).toBe(expected);
}

const start = (common = createPkce().common, personalId = '40504040001', remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/oauth2/v2/authorize/sid/start', remoteAddress, payload: { ...common, personalId, personalIdCountryCode: 'EE' } });

/** A Smart-ID sign-in up to its authorization code: what the browser holds then. */
async function completedSignIn(common = createPkce().common) {
  const started = await start(common);
  const authenticationSessionId = started.json().authenticationSessionId as string;
  const status = await pollUntilDone(app, 'sid', authenticationSessionId);
  return { authenticationSessionId, code: status.json().code as string };
}

const exchange = (authorizationCode: string, codeVerifier?: string, grantType = 'AUTHORIZATION_CODE') =>
  app.inject({
    method: 'POST',
    url: '/oauth2/v2/authorize/token',
    payload: { authorizationCode, ...(codeVerifier === undefined ? {} : { codeVerifier }), grantType },
  });

const refresh = (refreshToken: string) => app.inject({ method: 'POST', url: '/oauth2/v2/authorize/refresh', payload: { refreshToken } });
const logout = (refreshToken: string) => app.inject({ method: 'POST', url: '/oauth2/v2/authorize/logout', payload: { refreshToken } });
const withToken = (accessToken: string) =>
  app.inject({ method: 'GET', url: '/onboarding/representative', headers: { authorization: `Bearer ${accessToken}` } });

async function signedIn() {
  const pkce = createPkce();
  const { code } = await completedSignIn(pkce.common);
  return (await exchange(code, pkce.codeVerifier)).json() as { accessToken: string; refreshToken: string };
}

async function withClock<T>(offsetMs: number, work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(Date.now() + offsetMs);
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

describe('PKCE (RFC 7636)', () => {
  it('refuses a token request without a verifier, a short one, and a wrong one (which spends the code)', async () => {
    const pkce = createPkce();
    const { code } = await completedSignIn(pkce.common);
    check('PKCE', 'token request without codeVerifier', '400 VALIDATION_FAILED', await exchange(code));
    check(
      'PKCE',
      'verifier of 43 characters (RFC 7636 asks 43-128; we send 128)',
      '400 VALIDATION_FAILED',
      await exchange(code, pkce.codeVerifier.slice(0, 43)),
    );
    check('PKCE', 'wrong verifier (random, 128 characters)', '401 UNAUTHORIZED', await exchange(code, createPkce().codeVerifier));
    check('PKCE', 'right verifier after a wrong one: the code was spent', '401 UNAUTHORIZED', await exchange(code, pkce.codeVerifier));
  });

  it('refuses the plain method, and the challenge sent back as the verifier', async () => {
    const pkce = createPkce();
    check('PKCE', 'codeChallengeMethod plain at start', '400 VALIDATION_FAILED', await start({ ...pkce.common, codeChallengeMethod: 'plain' }));
    check(
      'PKCE',
      'plain-style challenge (the verifier itself) at start',
      '400 VALIDATION_FAILED',
      await start({ ...pkce.common, codeChallenge: pkce.codeVerifier }),
    );
    const { code } = await completedSignIn(pkce.common);
    check('PKCE', 'the challenge itself as verifier', '400 VALIDATION_FAILED', await exchange(code, pkce.common.codeChallenge));
    check('PKCE', 'the right verifier (control)', '200', await exchange(code, pkce.codeVerifier));
  });

  it("refuses a sign-in started with another browser's challenge, and a code with another sign-in's verifier", async () => {
    const victim = createPkce();
    const attacker = createPkce();
    // The attacker saw the victim's challenge and starts a sign-in with it; without the victim's verifier the code is useless.
    const copied = await completedSignIn({ ...attacker.common, codeChallenge: victim.common.codeChallenge });
    check('PKCE', "challenge of another browser, exchanged with one's own verifier", '401 UNAUTHORIZED', await exchange(copied.code, attacker.codeVerifier));
    const first = await completedSignIn(victim.common);
    const second = await completedSignIn(attacker.common);
    check('PKCE', 'code of one sign-in with the verifier of another', '401 UNAUTHORIZED', await exchange(first.code, attacker.codeVerifier));
    check('PKCE', "that other sign-in's own code and verifier (control)", '200', await exchange(second.code, attacker.codeVerifier));
  });
});

describe('authorization codes', () => {
  it('is single-use, and a replay revokes the tokens of its first exchange (RFC 6749 section 4.1.2)', async () => {
    const pkce = createPkce();
    const { code } = await completedSignIn(pkce.common);
    const first = await exchange(code, pkce.codeVerifier);
    check('code', 'first exchange (control)', '200', first);
    const tokens = first.json() as { accessToken: string; refreshToken: string };
    check('code', 'its access token before the replay (control)', '200', await withToken(tokens.accessToken));
    check('code', 'the same code again', '401 UNAUTHORIZED', await exchange(code, pkce.codeVerifier));
    check('code', "after the replay: the first exchange's access token", '401 UNAUTHORIZED', await withToken(tokens.accessToken));
    check('code', "after the replay: the first exchange's refresh token", '401 UNAUTHORIZED', await refresh(tokens.refreshToken));
    const other = await signedIn();
    check('code', "another sign-in's tokens are untouched (control)", '200', await withToken(other.accessToken));
  });

  it('dies when a later status call issues a new one, and cannot be fetched again after the exchange', async () => {
    const pkce = createPkce();
    const { authenticationSessionId, code: first } = await completedSignIn(pkce.common);
    const again = await app.inject({ method: 'GET', url: `/oauth2/v2/authorize/sid/${authenticationSessionId}/status` });
    const second = again.json().code as string;
    check('code', 'code replaced by a later status call', '401 UNAUTHORIZED', await exchange(first, pkce.codeVerifier));
    check('code', 'the code that replaced it (control)', '200', await exchange(second, pkce.codeVerifier));
    const third = await app.inject({ method: 'GET', url: `/oauth2/v2/authorize/sid/${authenticationSessionId}/status` });
    check('code', 'a new code for a sign-in already exchanged', '400 unexpected', third);
  });

  it('refuses a code of another session, a made-up code and another grant type', async () => {
    const pkce = createPkce();
    const other = await completedSignIn();
    check('code', "another session's code with this session's verifier", '401 UNAUTHORIZED', await exchange(other.code, pkce.codeVerifier));
    check('code', 'made-up code', '401 UNAUTHORIZED', await exchange('A'.repeat(43), pkce.codeVerifier));
    const { code } = await completedSignIn(pkce.common);
    check('code', 'grant type REFRESH_TOKEN with a code', '400 VALIDATION_FAILED', await exchange(code, pkce.codeVerifier, 'REFRESH_TOKEN'));
    const tokens = await signedIn();
    check('code', 'a refresh token as the authorization code', '401 UNAUTHORIZED', await exchange(tokens.refreshToken, pkce.codeVerifier));
  });

  it('expires: one second past its lifetime on the server clock', async () => {
    const pkce = createPkce();
    const { code } = await completedSignIn(pkce.common);
    const late = await withClock(AUTHORIZATION_CODE_TTL_MS + 1000, () => exchange(code, pkce.codeVerifier));
    check('code', `exchanged ${AUTHORIZATION_CODE_TTL_MS / 1000 + 1} s after it was issued (fake clock)`, '401 UNAUTHORIZED', late);
  });
});

describe('refresh tokens', () => {
  it('revokes the whole session when a spent refresh token comes back', async () => {
    const tokens = await signedIn();
    const rotated = await refresh(tokens.refreshToken);
    check('refresh', 'first refresh (control)', '200', rotated);
    const next = rotated.json() as { accessToken: string; refreshToken: string };
    check('refresh', 'the spent refresh token again (reuse)', '401 UNAUTHORIZED', await refresh(tokens.refreshToken));
    check('refresh', 'after reuse: the rotated refresh token', '401 UNAUTHORIZED', await refresh(next.refreshToken));
    check('refresh', 'after reuse: the newest access token', '401 UNAUTHORIZED', await withToken(next.accessToken));
    check('refresh', 'after reuse: the first access token', '401 UNAUTHORIZED', await withToken(tokens.accessToken));
  });

  it('refuses the refresh token of a logged-out session, and its access token', async () => {
    const tokens = await signedIn();
    check('refresh', 'logout (control)', '204', await logout(tokens.refreshToken));
    check('refresh', 'refresh token of a logged-out session', '401 UNAUTHORIZED', await refresh(tokens.refreshToken));
    check('refresh', 'access token of a logged-out session', '401 UNAUTHORIZED', await withToken(tokens.accessToken));
  });

  it('refuses an access token or nonsense as a refresh token, and a session idle too long', async () => {
    const tokens = await signedIn();
    check('refresh', 'an access token as the refresh token', '401 UNAUTHORIZED', await refresh(tokens.accessToken));
    check('refresh', 'made-up refresh token', '401 UNAUTHORIZED', await refresh(randomUUID()));
    const idle = await withClock((SESSION_IDLE_TIMEOUT_SECONDS + 1) * 1000, () => refresh(tokens.refreshToken));
    check('refresh', `refresh after ${SESSION_IDLE_TIMEOUT_SECONDS + 1} s idle (fake clock)`, '401 UNAUTHORIZED', idle);
  });
});

describe('tampered access tokens (RFC 8725)', () => {
  it('accepts the token as issued (control)', async () => {
    const { accessToken } = await signedIn();
    check('access token', 'as issued (control)', '200', await withToken(accessToken));
  });

  it('refuses a changed payload, alg none, and HS256 keyed with the public key', async () => {
    const { accessToken } = await signedIn();
    check(
      'access token',
      'changed payload (another personalId), original signature',
      '401 UNAUTHORIZED',
      await withToken(withChangedClaims(accessToken, { personalId: '38001085718', sub: 'EE38001085718' })),
    );
    check('access token', 'alg none, no signature', '401 UNAUTHORIZED', await withToken(unsecured(accessToken)));
    check('access token', 'alg none, original signature kept', '401 UNAUTHORIZED', await withToken(`${unsecured(accessToken)}${accessToken.split('.')[2]}`));
    const publicKey = createPublicKey(signingKey);
    const pem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
    check('access token', 'HS256 with the public key (SPKI PEM) as secret', '401 UNAUTHORIZED', await withToken(hs256(accessToken, pem)));
    check(
      'access token',
      'HS256 with the public key (DER) as secret',
      '401 UNAUTHORIZED',
      await withToken(hs256(accessToken, publicKey.export({ format: 'der', type: 'spki' }))),
    );
    check(
      'access token',
      'HS256 with the public key (JWK JSON) as secret',
      '401 UNAUTHORIZED',
      await withToken(hs256(accessToken, JSON.stringify(publicKey.export({ format: 'jwk' })))),
    );
  });

  it('refuses a token signed by another key, even with that key in the header', async () => {
    const { accessToken } = await signedIn();
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const claims = claimsOfToken(accessToken);
    check('access token', 'ES256 signed by another key', '401 UNAUTHORIZED', await withToken(es256(privateKey, headerOf(accessToken), claims)));
    check(
      'access token',
      'another key, embedded as jwk header',
      '401 UNAUTHORIZED',
      await withToken(es256(privateKey, { ...headerOf(accessToken), jwk: publicKey.export({ format: 'jwk' }) }, claims)),
    );
    check(
      'access token',
      'another key, jku header pointing elsewhere',
      '401 UNAUTHORIZED',
      await withToken(es256(privateKey, { ...headerOf(accessToken), jku: 'https://attacker.example/jwks.json' }, claims)),
    );
  });

  it('refuses expired tokens, and tokens of the right key with a wrong issuer, audience, type or session', async () => {
    const { accessToken } = await signedIn();
    const claims = claimsOfToken(accessToken);
    const header = headerOf(accessToken);
    const expired = await withClock((Number(claims.exp) - Number(claims.iat) + 1) * 1000, () => withToken(accessToken));
    check('access token', 'expired (fake clock one second past exp)', '401 UNAUTHORIZED', expired);
    const now = Math.floor(Date.now() / 1000);
    const signed = (change: Record<string, unknown>, headerChange: Record<string, unknown> = {}) =>
      withToken(es256(signingKey, { ...header, ...headerChange }, { ...claims, ...change }));
    check('access token', 'right key, exp in the past', '401 UNAUTHORIZED', await signed({ iat: now - 600, exp: now - 300 }));
    check('access token', 'right key, no exp', '401 UNAUTHORIZED', await signed({ exp: undefined }));
    check('access token', 'right key, wrong issuer', '401 UNAUTHORIZED', await signed({ iss: 'https://attacker.example/oauth2/v2' }));
    check('access token', 'right key, wrong audience', '401 UNAUTHORIZED', await signed({ aud: 'another-client' }));
    check('access token', 'right key, typ JWT instead of at+jwt', '401 UNAUTHORIZED', await signed({}, { typ: 'JWT' }));
    check('access token', 'right key, sid of no session', '401 UNAUTHORIZED', await signed({ sid: randomUUID() }));
    check('access token', 'right key, all claims right (control)', '200', await signed({ iss: `${PUBLIC_URL}${AUTH_BASE_PATH}`, aud: CLIENT_ID }));
  });
});

describe('the Authorization header (RFC 7235, RFC 6750)', () => {
  it('takes the Bearer scheme in any case, and nothing else', async () => {
    const { accessToken } = await signedIn();
    const as = (authorization: string) => app.inject({ method: 'GET', url: '/onboarding/representative', headers: { authorization } });
    check('header', 'Bearer (control)', '200', await as(`Bearer ${accessToken}`));
    check('header', 'bearer, lower case', '200', await as(`bearer ${accessToken}`));
    check('header', 'BEARER, upper case', '200', await as(`BEARER ${accessToken}`));
    check('header', 'Bearer with two spaces', '200', await as(`Bearer  ${accessToken}`));
    check('header', 'Bearer without a token', '401 UNAUTHORIZED', await as('Bearer '));
    check('header', 'two tokens', '401 UNAUTHORIZED', await as(`Bearer ${accessToken} ${accessToken}`));
    check('header', 'Basic', '401 UNAUTHORIZED', await as('Basic dXNlcjpwYXNzd29yZA=='));
  });

  it('is checked before the body is read: an oversized body without a token is 401, not 413', async () => {
    const processId = randomUUID();
    const huge = JSON.stringify({ version: 1, data: { padding: 'x'.repeat(2_000_000) } });
    const put = (headers: Record<string, string>) =>
      app.inject({
        method: 'PUT',
        url: `/onboarding/applications/${processId}/steps/CompanyData`,
        headers: { 'content-type': 'application/json', ...headers },
        payload: huge,
      });
    check('header', 'oversized body, no token', '401 UNAUTHORIZED', await put({}));
    check('header', 'oversized body, a forged token', '401 UNAUTHORIZED', await put({ authorization: 'Bearer x.y.z' }));
    const { accessToken } = await signedIn();
    check('header', 'oversized body, a valid token (control)', '413 PAYLOAD_TOO_LARGE', await put({ authorization: `Bearer ${accessToken}` }));
  });
});

describe('rate limits on sign-in starts', () => {
  let limited: FastifyInstance;

  beforeAll(async () => {
    limited = await buildTestApp({ RATE_LIMIT_STARTS_PER_ADDRESS: '3', RATE_LIMIT_STARTS_PER_PERSON: '2' });
  });

  afterAll(async () => {
    await limited?.close();
  });

  const startOn = (method: 'sid' | 'mid', personalId: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    limited.inject({
      method: 'POST',
      url: `/oauth2/v2/authorize/${method}/start`,
      remoteAddress,
      headers,
      payload:
        method === 'sid'
          ? { ...createPkce().common, personalId, personalIdCountryCode: 'EE' }
          : { ...createPkce().common, personalId, phoneNumber: '+37200000766' },
    });

  it('limits starts per address (3 here), whoever signs in, and X-Forwarded-For does not reset it', async () => {
    for (const personalId of ['40504040001', '50001029996', '39901012239']) await startOn('sid', personalId, '10.9.0.1');
    check('rate limit', 'fourth start from one address, a new person', '429 RATE_LIMITED', await startOn('sid', '30303039914', '10.9.0.1'));
    check(
      'rate limit',
      'the same, claiming another address in X-Forwarded-For',
      '429 RATE_LIMITED',
      await startOn('sid', '30303039914', '10.9.0.1', { 'x-forwarded-for': '203.0.113.7' }),
    );
    check('rate limit', 'another address (control)', '200', await startOn('sid', '50001029996', '10.9.0.2'));
  });

  it('behind the proxies TRUST_PROXY names, counts the address their X-Forwarded-For gives, whatever the client wrote before it', async () => {
    const behindProxy = await buildTestApp({ RATE_LIMIT_STARTS_PER_ADDRESS: '2', TRUST_PROXY: '10.8.0.0/16' });
    try {
      // nginx appends the address it saw (203.0.113.9) to whatever the client sent.
      const start = (personalId: string, forwardedFor: string) =>
        behindProxy.inject({
          method: 'POST',
          url: '/oauth2/v2/authorize/sid/start',
          remoteAddress: '10.8.0.5',
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { ...createPkce().common, personalId, personalIdCountryCode: 'EE' },
        });
      await start('40504040001', '203.0.113.9');
      await start('50001029996', '198.51.100.1, 203.0.113.9');
      check(
        'rate limit',
        'third start from one client behind the proxy, claiming yet another address first',
        '429 RATE_LIMITED',
        await start('39901012239', '192.0.2.77, 203.0.113.9'),
      );
      check('rate limit', 'another client behind the proxy (control)', '200', await start('39901012239', '203.0.113.10'));
    } finally {
      await behindProxy.close();
    }
  });

  it('limits starts per address and personal code (2 here), across Smart-ID and Mobile-ID, without locking the person out', async () => {
    await startOn('sid', '60001019906', '10.9.1.1');
    await startOn('mid', '60001019906', '10.9.1.1');
    check('rate limit', 'third start for one personal code from one address', '429 RATE_LIMITED', await startOn('sid', '60001019906', '10.9.1.1'));
    check('rate limit', 'the same by Mobile-ID', '429 RATE_LIMITED', await startOn('mid', '60001019906', '10.9.1.1'));
    check('rate limit', 'the same person from their own address (no lock-out)', '200', await startOn('mid', '60001019906', '10.9.1.2'));
  });
});
