import { randomInt } from 'node:crypto';
import { CLIENT_STATE_LENGTH, CODE_VERIFIER_LENGTH, codeChallengeS256 } from '@onboarding/domain';
import type { FastifyInstance } from 'fastify';
import { openOnPhone } from './smart-id-phone.js';

const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
const randomString = (length: number) => Array.from({ length }, () => UNRESERVED[randomInt(UNRESERVED.length)]).join('');

/** What a browser holds during one sign-in: its PKCE verifier and client state (docs/requirements.md section 9). */
export function createPkce() {
  const codeVerifier = randomString(CODE_VERIFIER_LENGTH);
  const clientState = randomString(CLIENT_STATE_LENGTH);
  return {
    codeVerifier,
    clientState,
    common: {
      responseType: 'code',
      clientId: 'onboarding',
      channel: 'PUBLIC_WEB',
      clientState,
      codeChallenge: codeChallengeS256(codeVerifier),
      codeChallengeMethod: 'S256',
    },
  };
}

type Method = 'sid' | 'mid';

/** Polls the status call as the browser does (without the 1 s pause: the test simulators answer at once). */
export async function pollUntilDone(app: FastifyInstance, method: Method, authenticationSessionId: string) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await app.inject({ method: 'GET', url: `/oauth2/v2/authorize/${method}/${authenticationSessionId}/status` });
    if (response.statusCode !== 200 || response.json().status !== 'RUNNING') return response;
  }
  throw new Error('the sign-in kept running');
}

/** The browser's last step of a sign-in: the authorization code and its PKCE verifier for the tokens. */
async function exchangeCode(app: FastifyInstance, authorizationCode: string, codeVerifier: string) {
  const token = await app.inject({
    method: 'POST',
    url: '/oauth2/v2/authorize/token',
    payload: { authorizationCode, codeVerifier, grantType: 'AUTHORIZATION_CODE' },
  });
  if (token.statusCode !== 200) throw new Error(`token answered ${token.statusCode}: ${token.body}`);
  return token.json() as { accessToken: string; refreshToken: string };
}

/** A whole Smart-ID or Mobile-ID sign-in through the public API; returns the tokens. */
export async function signIn(app: FastifyInstance, method: Method, person: { personalId: string; phoneNumber?: string }) {
  const pkce = createPkce();
  const payload = method === 'sid' ? { ...pkce.common, personalId: person.personalId, personalIdCountryCode: 'EE' } : { ...pkce.common, ...person };
  const start = await app.inject({ method: 'POST', url: `/oauth2/v2/authorize/${method}/start`, payload });
  if (start.statusCode !== 200) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  const status = await pollUntilDone(app, method, start.json().authenticationSessionId);
  if (status.statusCode !== 200) throw new Error(`status answered ${status.statusCode}: ${status.body}`);
  return exchangeCode(app, status.json().code, pkce.codeVerifier);
}

/**
 * A Smart-ID sign-in by QR code (decision 38): the stand-in's mock endpoint plays the phone that scans it, as the
 * account with this document number. Returns the tokens.
 */
export async function signInByQrCode(app: FastifyInstance, documentNumber: string) {
  const pkce = createPkce();
  const start = await app.inject({
    method: 'POST',
    url: '/oauth2/v2/authorize/sid/device-link/start',
    payload: { ...pkce.common, flow: 'QR', language: 'en' },
  });
  if (start.statusCode !== 200) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  await openOnPhone(app, { documentNumber, deviceLink: start.json().deviceLink, flowType: 'QR' });
  const status = await pollUntilDone(app, 'sid', start.json().authenticationSessionId);
  if (status.statusCode !== 200 || !status.json().code) throw new Error(`status answered ${status.statusCode}: ${status.body}`);
  return exchangeCode(app, status.json().code, pkce.codeVerifier);
}

/** The claims of a JWT, read without verifying it (the tests check what the server put in). */
export const claimsOf = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
