import { JAAK_KRISTJAN } from '@onboarding/domain/test-support';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../../db/schema.js';
import { buildTestApp } from '../../test/app.js';
import { applicationFor } from '../../test/application-steps.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';
import { createPkce } from '../../test/sign-in.js';
import { createRateLimitRepository } from './rate-limit-repository.js';

/**
 * The rate-limit layer on the routes that cost the bank or a third party. On
 * PGlite, and on PostgreSQL when DATABASE_URL is set (CI); two server processes
 * sharing the limits are tests/system/shared-rate-limits.test.ts.
 */
let app: FastifyInstance;
let call: Call;
let processId: string;

beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_REQUESTS_PER_USER: '3', RATE_LIMIT_REQUESTS_PER_ADDRESS: '1000' });
  call = await signInAsRepresentative(app, JAAK_KRISTJAN.person.personalId);
  processId = (await applicationFor(call, JAAK_KRISTJAN.company.registryCode)).processId;
});

afterAll(async () => {
  await app.close();
});

const codes = (responses: { statusCode: number }[]) => responses.map((response) => response.statusCode);

describe('the counters', () => {
  it('give concurrent hits on one key each their own count: none is lost, none counted twice', async () => {
    const repository = createRateLimitRepository(app.database.db);
    const hits = await Promise.all(Array.from({ length: 20 }, () => repository.hit('test/concurrent', 60_000)));
    expect(hits.map((hit) => hit.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    for (const hit of hits) expect(hit.msUntilReset).toBeGreaterThan(0);
  });

  it('start again at 1 once the window has ended, and expired counters can be purged', async () => {
    const repository = createRateLimitRepository(app.database.db);
    await repository.hit('test/expired', 0);
    expect((await repository.hit('test/expired', 0)).hits).toBe(1);
    // The counter ends at the hit's now(); purging takes what ended before its own now(), which a clock of coarse
    // resolution can give as the same instant.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await repository.purgeExpired()).toBeGreaterThanOrEqual(1);
  });

  it('keep no personal code or address in clear', async () => {
    await app.inject({
      method: 'POST',
      url: '/oauth2/v2/authorize/sid/start',
      remoteAddress: '192.0.2.44',
      payload: { ...createPkce().common, personalId: '39901012239', personalIdCountryCode: 'EE' },
    });
    const keys = (await app.database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((row) => row.key).join('\n');
    expect(keys).toContain('sign-in-start:client+person/');
    expect(keys).not.toContain('39901012239');
    expect(keys).not.toContain('192.0.2.44');
    expect(keys).not.toContain(JAAK_KRISTJAN.person.personalId);
  });
});

describe('limits per signed-in person (3 per window here)', () => {
  it('register look-ups: the fourth is 429 RATE_LIMITED with Retry-After', async () => {
    const url = `/onboarding/register/companies/EE/${JAAK_KRISTJAN.company.registryCode}`;
    const answers = [];
    for (let index = 0; index < 4; index++) answers.push(await call('GET', url));
    expect(codes(answers)).toEqual([200, 200, 200, 429]);
    const refused = answers[3];
    expect(refused?.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('save and continue later: the fourth mail request is refused before anything is sent', async () => {
    const version = (await call('GET', `/onboarding/applications/${processId}`)).json().version as number;
    const answers = [];
    for (let index = 0; index < 4; index++) answers.push(await call('POST', `/onboarding/applications/${processId}/save-and-continue-later`, { version }));
    expect(codes(answers).slice(3)).toEqual([429]);
    expect(answers[3]?.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('signing starts: the fourth is refused, whatever the first three answered', async () => {
    const answers = [];
    for (let index = 0; index < 4; index++) answers.push(await call('POST', `/onboarding/applications/${processId}/signing`, { method: 'SMART_ID' }));
    expect(codes(answers.slice(0, 3))).not.toContain(429);
    expect(answers[3]?.statusCode).toBe(429);
    expect(answers[3]?.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('another person has their own budget', async () => {
    const other = await signInAsRepresentative(app, '39901012239');
    const response = await other('GET', `/onboarding/register/companies/EE/${JAAK_KRISTJAN.company.registryCode}`);
    expect(response.statusCode).not.toBe(429);
  });
});

describe('limits per client address', () => {
  it('token exchanges and refreshes: refused once the address has used its budget, before the body is read', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_REQUESTS_PER_ADDRESS: '2' });
    try {
      const refresh = () =>
        limited.inject({ method: 'POST', url: '/oauth2/v2/authorize/refresh', remoteAddress: '198.51.100.9', payload: { refreshToken: 'x'.repeat(43) } });
      expect(codes([await refresh(), await refresh()])).not.toContain(429);
      const refused = await refresh();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      const token = await limited.inject({ method: 'POST', url: '/oauth2/v2/authorize/token', remoteAddress: '198.51.100.9', payload: {} });
      expect(token.statusCode).toBe(429);
      // Another address is not affected.
      expect((await limited.inject({ method: 'POST', url: '/oauth2/v2/authorize/refresh', remoteAddress: '198.51.100.10', payload: {} })).statusCode).not.toBe(
        429,
      );
    } finally {
      await limited.close();
    }
  });
});

describe('limits per signed-in person on what is stored (3 per window here)', () => {
  let limited: FastifyInstance;
  let person: Call;
  let id: string;

  beforeAll(async () => {
    limited = await buildTestApp({ RATE_LIMIT_SAVES_PER_USER: '3', RATE_LIMIT_DRAFTS_PER_USER: '3', RATE_LIMIT_PREVIEWS_PER_USER: '3' });
    person = await signInAsRepresentative(limited, JAAK_KRISTJAN.person.personalId);
    id = (await applicationFor(person, JAAK_KRISTJAN.company.registryCode)).processId;
  });

  afterAll(async () => {
    await limited.close();
  });

  const versionNow = async () => (await person('GET', `/onboarding/applications/${id}`)).json().version as number;

  it('draft autosaves: the fourth is refused and writes nothing', async () => {
    const answers = [];
    for (let index = 0; index < 3; index++)
      answers.push(await person('PUT', `/onboarding/applications/${id}/drafts/AccountOpeningReason`, { version: await versionNow(), data: { note: index } }));
    const before = await versionNow();
    answers.push(await person('PUT', `/onboarding/applications/${id}/drafts/AccountOpeningReason`, { version: before, data: { note: 3 } }));
    expect(codes(answers)).toEqual([200, 200, 200, 429]);
    expect(answers[3]?.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    expect(await versionNow()).toBe(before);
  });

  it('step saves: the fourth is refused, whatever the first three answered', async () => {
    const answers = [];
    for (let index = 0; index < 4; index++)
      answers.push(await person('PUT', `/onboarding/applications/${id}/steps/AccountOpeningReason`, { version: await versionNow(), data: {} }));
    expect(codes(answers.slice(0, 3))).not.toContain(429);
    expect(answers[3]?.statusCode).toBe(429);
  });

  it('contract previews: the fourth is refused, whatever the first three answered', async () => {
    const answers = [];
    for (let index = 0; index < 4; index++) answers.push(await person('GET', `/onboarding/applications/${id}/contract`));
    expect(codes(answers.slice(0, 3))).not.toContain(429);
    expect(answers[3]?.statusCode).toBe(429);
    expect(answers[3]?.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
