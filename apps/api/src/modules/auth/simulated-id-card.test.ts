import { createHash, createPrivateKey, sign, X509Certificate } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulators, type SimulatorHandle } from '../../simulators/index.js';
import { buildTestApp } from '../../test/app.js';
import { claimsOf, createPkce } from '../../test/sign-in.js';
import { createNonceStore } from './simulated-id-card.js';

// The app's own origin (PUBLIC_URL's default): what the card signs with the nonce.
const ORIGIN = 'http://localhost:3000';

let app: FastifyInstance;
let foreignSimulators: SimulatorHandle;

beforeAll(async () => {
  app = await buildTestApp({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'onboarding-simulated-eid-')) });
  foreignSimulators = await startSimulators({ dataDir: mkdtempSync(path.join(tmpdir(), 'onboarding-foreign-')), completionDelayMs: 0, logger: false });
});

afterAll(async () => {
  await foreignSimulators?.close();
  await app?.close();
});

type Pkce = ReturnType<typeof createPkce>;
type AuthToken = { unverifiedCertificate: string; algorithm: string; signature: string; format: string };

const challengeFor = async (pkce: Pkce): Promise<string> => {
  const response = await app.inject({ method: 'POST', url: '/oauth2/v2/authorize/eid/challenge', payload: { codeChallenge: pkce.common.codeChallenge } });
  expect(response.statusCode).toBe(200);
  return response.json<{ nonce: string }>().nonce;
};

/** The simulated card reader's PIN1 answer, as the browser asks for it. */
const readerAnswer = (personalId: string, nonce: string, origin = ORIGIN) =>
  app.inject({ method: 'POST', url: '/dev/id-card/authenticate', payload: { personalId, origin, nonce } });

const authorize = (pkce: Pkce, nonce: string, authToken: AuthToken) =>
  app.inject({ method: 'POST', url: '/oauth2/v2/authorize/eid/simulated', payload: { ...pkce.common, nonce, authToken } });

const exchange = (code: string, pkce: Pkce) =>
  app.inject({ method: 'POST', url: '/oauth2/v2/authorize/token', payload: { authorizationCode: code, codeVerifier: pkce.codeVerifier, grantType: 'AUTHORIZATION_CODE' } });

/** A token signed with a key of our own choosing, over this origin and nonce. */
const tokenSignedWith = (certificatePem: string, keyPem: string, nonce: string, origin = ORIGIN): AuthToken => {
  const sha384 = (text: string) => createHash('sha384').update(text).digest();
  const signature = sign('sha384', Buffer.concat([sha384(origin), sha384(nonce)]), { key: createPrivateKey(keyPem), dsaEncoding: 'ieee-p1363' });
  return {
    unverifiedCertificate: Buffer.from(new X509Certificate(certificatePem).raw).toString('base64'),
    algorithm: 'ES384',
    signature: signature.toString('base64'),
    format: 'web-eid:1.0',
  };
};

describe('ID-card sign-in with the simulated card reader (simulated mode)', () => {
  it('signs in: challenge, the card’s answer, a code; the person comes from the certificate', async () => {
    const pkce = createPkce();
    const nonce = await challengeFor(pkce);
    expect(Buffer.from(nonce, 'base64')).toHaveLength(32);
    const answer = await readerAnswer('38001085718', nonce);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ algorithm: 'ES384', format: 'web-eid:1.0' });
    const signedIn = await authorize(pkce, nonce, answer.json());
    expect(signedIn.statusCode).toBe(200);
    const token = await exchange(signedIn.json<{ code: string }>().code, pkce);
    expect(token.statusCode).toBe(200);
    expect(claimsOf(token.json().accessToken)).toMatchObject({ personalId: '38001085718', authenticationMethod: 'ID_CARD' });
  });

  it('takes a nonce once: a replayed answer is refused', async () => {
    const pkce = createPkce();
    const nonce = await challengeFor(pkce);
    const answer = (await readerAnswer('38001085718', nonce)).json<AuthToken>();
    expect((await authorize(pkce, nonce, answer)).statusCode).toBe(200);
    const replay = await authorize(pkce, nonce, answer);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('unexpected');
  });

  it('refuses a nonce it never issued, and one issued for another flow', async () => {
    const pkce = createPkce();
    const made = Buffer.alloc(32, 7).toString('base64');
    const unknown = await authorize(pkce, made, (await readerAnswer('38001085718', made)).json());
    expect(unknown.json().code).toBe('unexpected');

    const nonce = await challengeFor(createPkce());
    const otherFlow = await authorize(pkce, nonce, (await readerAnswer('38001085718', nonce)).json());
    expect(otherFlow.json().code).toBe('unexpected');
  });

  it('refuses an answer signed for another origin or another nonce', async () => {
    const pkce = createPkce();
    const nonce = await challengeFor(pkce);
    const forPhishingSite = await authorize(pkce, nonce, (await readerAnswer('38001085718', nonce, 'https://pank.example.com')).json());
    expect(forPhishingSite.json().code).toBe('unexpected');

    const second = createPkce();
    const secondNonce = await challengeFor(second);
    const otherNonce = Buffer.alloc(32, 9).toString('base64');
    const forOtherNonce = await authorize(second, secondNonce, (await readerAnswer('38001085718', otherNonce)).json());
    expect(forOtherNonce.json().code).toBe('unexpected');
  });

  it('refuses another person’s certificate with a signature the browser made itself', async () => {
    // Someone with a card of their own (a trusted key) claims another person's certificate: the signature does not fit it.
    const mine = createPkce();
    const myNonce = await challengeFor(mine);
    const someoneElse = (await readerAnswer('60001019906', myNonce)).json<AuthToken>();
    const myAnswer = (await readerAnswer('38001085718', myNonce)).json<AuthToken>();
    const swapped = await authorize(mine, myNonce, { ...myAnswer, unverifiedCertificate: someoneElse.unverifiedCertificate });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json().code).toBe('unexpected');
  });

  it('refuses a card from a CA it does not trust with invalid_certificate', async () => {
    const pkce = createPkce();
    const nonce = await challengeFor(pkce);
    const foreign = await foreignSimulators.issueTestIdCard({ personalId: '38001085718', givenName: 'JAAN', surname: 'JÕGI' });
    const response = await authorize(pkce, nonce, tokenSignedWith(foreign.cert, foreign.key, nonce));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_certificate');
  });

  it('refuses a token format or algorithm it does not know', async () => {
    const pkce = createPkce();
    const nonce = await challengeFor(pkce);
    const answer = (await readerAnswer('38001085718', nonce)).json<AuthToken>();
    expect((await authorize(pkce, nonce, { ...answer, format: 'web-eid:2' })).json().code).toBe('unexpected');
  });

  it('passes the failing cards’ hwcrypto errors through the reader', async () => {
    const nonce = await challengeFor(createPkce());
    const answers = await Promise.all(['38001019919', '38001019930', '38001019952'].map((personalId) => readerAnswer(personalId, nonce)));
    expect(answers.map((answer) => [answer.statusCode, answer.json().error])).toEqual([
      [422, 'user_cancel'],
      [422, 'no_certificates'],
      [422, 'technical_error'],
    ]);
  });
});

describe('the challenge nonces', () => {
  it('expire after 5 minutes', () => {
    let now = 0;
    const store = createNonceStore(() => now);
    const first = store.issue('challenge');
    const second = store.issue('challenge');
    expect(store.take(first, 'challenge')).toBe(true);
    now = 5 * 60 * 1000;
    expect(store.take(second, 'challenge')).toBe(false);
  });
});
