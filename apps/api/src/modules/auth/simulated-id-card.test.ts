import { createHash, createPrivateKey, sign, X509Certificate } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { idCardChallenges } from '../../db/schema.js';
import { startSimulators, type SimulatorHandle } from '../../simulators/index.js';
import { buildTestApp, loadTestConfig } from '../../test/app.js';
import { createTestDatabase } from '../../test/database.js';
import { claimsOf, createPkce } from '../../test/sign-in.js';
import { tokenHash } from './secrets.js';
import { createNonceStore, MAX_OPEN_NONCES } from './simulated-id-card.js';

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
type AuthToken = {
  unverifiedCertificate: string;
  algorithm: string;
  signature: string;
  format: string;
  unverifiedSigningCertificates?: { certificate: string; supportedSignatureAlgorithms: unknown[] }[];
};

// Each request goes to `instance`: the app of this file unless a test has instances of its own.
const challengeFor = async (pkce: Pkce, instance = app): Promise<string> => {
  const response = await instance.inject({ method: 'POST', url: '/oauth2/v2/authorize/eid/challenge', payload: { codeChallenge: pkce.common.codeChallenge } });
  expect(response.statusCode).toBe(200);
  return response.json<{ nonce: string }>().nonce;
};

/** The simulated card reader's PIN1 answer, as the browser asks for it. */
const readerAnswer = (personalId: string, nonce: string, origin = ORIGIN, instance = app) =>
  instance.inject({ method: 'POST', url: '/dev/id-card/authenticate', payload: { personalId, origin, nonce } });

const authorize = (pkce: Pkce, nonce: string, authToken: AuthToken, instance = app) =>
  instance.inject({ method: 'POST', url: '/oauth2/v2/authorize/eid/simulated', payload: { ...pkce.common, nonce, authToken } });

const exchange = (code: string, pkce: Pkce, instance = app) =>
  instance.inject({
    method: 'POST',
    url: '/oauth2/v2/authorize/token',
    payload: { authorizationCode: code, codeVerifier: pkce.codeVerifier, grantType: 'AUTHORIZATION_CODE' },
  });

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

  it.each([
    ['48001019964', 'web-eid:1.1', 'CARD 2025', 'ESTEID2025'],
    ['48001019975', 'web-eid:1.0', 'CARD 2018', 'ESTEID2018'],
  ])('signs in with card %s, which answers with %s', async (personalId, format, givenName, generation) => {
    const pkce = createPkce();
    const nonce = await challengeFor(pkce);
    const answer = await readerAnswer(personalId, nonce);
    const token = answer.json<AuthToken>();
    expect(token.format).toBe(format);
    // Each card on its own chain; the app trusts both.
    const issuer = new X509Certificate(Buffer.from(token.unverifiedCertificate, 'base64')).issuer;
    expect(issuer.endsWith('ID-card CA 2025')).toBe(generation === 'ESTEID2025');
    if (format === 'web-eid:1.1') {
      const [signing] = token.unverifiedSigningCertificates ?? [];
      const certificate = new X509Certificate(Buffer.from(signing?.certificate ?? '', 'base64'));
      expect(certificate.subject).toBe(new X509Certificate(Buffer.from(token.unverifiedCertificate, 'base64')).subject);
      expect(signing?.supportedSignatureAlgorithms).toContainEqual({ cryptoAlgorithm: 'ECC', hashFunction: 'SHA-256', paddingScheme: 'NONE' });
    } else {
      expect(token.unverifiedSigningCertificates).toBeUndefined();
    }
    const signedIn = await authorize(pkce, nonce, token);
    expect(signedIn.statusCode).toBe(200);
    const tokens = await exchange(signedIn.json<{ code: string }>().code, pkce);
    expect(claimsOf(tokens.json().accessToken)).toMatchObject({ personalId, givenName, surname: 'TESTNUMBER', authenticationMethod: 'ID_CARD' });
  });

  it('refuses a 1.1 answer whose signing certificate is another person’s', async () => {
    const pkce = createPkce();
    const nonce = await challengeFor(pkce);
    const mine = (await readerAnswer('48001019964', nonce)).json<AuthToken>();
    const other = (await readerAnswer('48001019975', nonce)).json<AuthToken>();
    const algorithms = mine.unverifiedSigningCertificates?.[0]?.supportedSignatureAlgorithms ?? [];
    const swapped = { ...mine, unverifiedSigningCertificates: [{ certificate: other.unverifiedCertificate, supportedSignatureAlgorithms: algorithms }] };
    const response = await authorize(pkce, nonce, swapped);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('unexpected');
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
    // A later minor version is not taken for one it knows.
    const next = createPkce();
    const nextNonce = await challengeFor(next);
    const nextAnswer = (await readerAnswer('38001085718', nextNonce)).json<AuthToken>();
    expect((await authorize(next, nextNonce, { ...nextAnswer, format: 'web-eid:1.2' })).json().code).toBe('unexpected');
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
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let now: number;
  const store = () => createNonceStore(database.db, () => now);
  const openChallenges = async () => (await database.db.select({ count: count() }).from(idCardChallenges))[0]?.count;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  beforeEach(async () => {
    now = Date.parse('2030-01-01T12:00:00Z');
    await database.db.delete(idCardChallenges);
  });

  it('are 256 bits of Base64, kept only as their SHA-256, and taken once for their code challenge', async () => {
    const nonces = store();
    const nonce = await nonces.issue('challenge');
    expect(Buffer.from(nonce, 'base64')).toHaveLength(32);
    expect(await database.db.select({ nonceHash: idCardChallenges.nonceHash }).from(idCardChallenges)).toEqual([{ nonceHash: tokenHash(nonce) }]);
    expect(await nonces.take(nonce, 'challenge')).toBe(true);
    expect(await nonces.take(nonce, 'challenge')).toBe(false);
    expect(await openChallenges()).toBe(0);
  });

  it('refuse another flow’s code challenge, and are gone after it', async () => {
    const nonces = store();
    const nonce = await nonces.issue('challenge');
    expect(await nonces.take(nonce, 'another challenge')).toBe(false);
    expect(await nonces.take(nonce, 'challenge')).toBe(false);
  });

  it('refuse a nonce that was never issued', async () => {
    expect(await store().take(Buffer.alloc(32, 7).toString('base64'), 'challenge')).toBe(false);
  });

  it('expire after 5 minutes', async () => {
    const nonces = store();
    const first = await nonces.issue('challenge');
    const second = await nonces.issue('challenge');
    now += 5 * 60 * 1000 - 1;
    expect(await nonces.take(first, 'challenge')).toBe(true);
    now += 1;
    expect(await nonces.take(second, 'challenge')).toBe(false);
  });

  it('are purged once expired, when the next is issued', async () => {
    const nonces = store();
    await nonces.issue('challenge');
    await nonces.issue('challenge');
    now += 5 * 60 * 1000;
    const fresh = await nonces.issue('challenge');
    expect(await database.db.select({ nonceHash: idCardChallenges.nonceHash }).from(idCardChallenges)).toEqual([{ nonceHash: tokenHash(fresh) }]);
  });

  it('are refused while as many as the limit are open, until the open ones expire', async () => {
    const expiresAt = new Date(now + 60_000);
    const flood = Array.from({ length: MAX_OPEN_NONCES }, (_, index) => ({ nonceHash: `flood-${String(index)}`, codeChallenge: 'flood', expiresAt }));
    for (let start = 0; start < flood.length; start += 2000) await database.db.insert(idCardChallenges).values(flood.slice(start, start + 2000));
    const nonces = store();
    await expect(nonces.issue('challenge')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    now += 60_000;
    await expect(nonces.issue('challenge')).resolves.toEqual(expect.any(String));
    expect(await openChallenges()).toBe(1);
  });

  it('go to exactly one of two takes at once', async () => {
    // Two stores on one database, as two instances have; many races at once, so that on PostgreSQL the takes
    // of one nonce run on different connections at the same time.
    const [one, other] = [store(), store()];
    const nonces = await Promise.all(Array.from({ length: 20 }, () => one.issue('challenge')));
    const races = await Promise.all(nonces.map((nonce) => Promise.all([one.take(nonce, 'challenge'), other.take(nonce, 'challenge')])));
    expect(races.map((taken) => taken.filter(Boolean).length)).toEqual(nonces.map(() => 1));
  });
});

describe('two instances on one database', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    // One configuration for both, as behind a load balancer: the same simulators' CA and the same origin.
    const config = loadTestConfig();
    first = await buildApp(config, { database });
    second = await buildApp(config, { database });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  it('answer on one instance a challenge the other issued', async () => {
    const pkce = createPkce();
    const nonce = await challengeFor(pkce, first);
    const answer = (await readerAnswer('38001085718', nonce, ORIGIN, first)).json<AuthToken>();
    const signedIn = await authorize(pkce, nonce, answer, second);
    expect(signedIn.statusCode).toBe(200);
    const token = await exchange(signedIn.json<{ code: string }>().code, pkce, first);
    expect(token.statusCode).toBe(200);
    expect(claimsOf(token.json().accessToken)).toMatchObject({ personalId: '38001085718', authenticationMethod: 'ID_CARD' });
  });

  it('let exactly one of them take a nonce both are answered with at once', async () => {
    const pkce = createPkce();
    const nonce = await challengeFor(pkce, second);
    const answer = (await readerAnswer('38001085718', nonce, ORIGIN, second)).json<AuthToken>();
    const answers = await Promise.all([authorize(pkce, nonce, answer, first), authorize(pkce, nonce, answer, second)]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((response) => response.statusCode === 400)?.json().code).toBe('unexpected');
  });
});
