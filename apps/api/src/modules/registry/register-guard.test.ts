import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { startRikStandIn, type RikStandIn } from '../../simulators/rik/start-rik-stand-in.js';
import { loadTestConfig } from '../../test/app.js';
import { createTestDatabase } from '../../test/database.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';
import { REGISTRY_CODES } from './fixture/companies.js';

/**
 * The register as the app asks it (docs/decisions/0035): its answers kept in the database and shared by two
 * instances, the breaker a register that is down trips, and the figures /metrics shows. The app asks a stand-in of
 * its own at REGISTER_URL, which counts the queries it gets.
 */

const METRICS_TOKEN = 'metrics-token-of-the-scraper-0123456789';
const REPRESENTATIVE = '40504040001';

type Instances = { standIn: RikStandIn; apps: FastifyInstance[]; close: () => Promise<void> };

/** `count` app instances on one new database, all asking one new stand-in. */
async function instances(count: number, env: Record<string, string> = {}): Promise<Instances> {
  const standIn = await startRikStandIn();
  const database = await createTestDatabase();
  const config = loadTestConfig({
    METRICS_TOKEN,
    REGISTER_URL: standIn.url,
    REGISTER_USERNAME: standIn.username,
    REGISTER_PASSWORD: standIn.password,
    REGISTER_TIMEOUT_MS: '2000',
    ...env,
  });
  const apps: FastifyInstance[] = [];
  for (let index = 0; index < count; index += 1) apps.push(await buildApp(config, { database }));
  return {
    standIn,
    apps,
    close: async () => {
      for (const app of apps) await app.close();
      await database.drop();
      await standIn.close();
    },
  };
}

const metricsOf = async (app: FastifyInstance) =>
  (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;

const lookUp = (call: Call) => call('GET', `/onboarding/register/companies/EE/${REGISTRY_CODES.onePersonOu}`);

describe('two instances on one database', () => {
  let shared: Instances;
  let first: Call;
  let second: Call;

  beforeAll(async () => {
    shared = await instances(2);
    first = await signInAsRepresentative(shared.apps[0] as FastifyInstance, REPRESENTATIVE);
    second = await signInAsRepresentative(shared.apps[1] as FastifyInstance, REPRESENTATIVE);
  }, 120_000);

  afterAll(async () => {
    await shared?.close();
  });

  it('share the register’s answers: what one asked, the other answers without a query', async () => {
    const before = shared.standIn.queryCount();
    const asked = await lookUp(first);
    expect(asked.statusCode).toBe(200);
    const queries = shared.standIn.queryCount() - before;
    // The person's list (the look-up's scope) and the company's card with its owners.
    expect(queries).toBeGreaterThanOrEqual(3);

    const answered = await lookUp(second);
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual(asked.json());
    expect(shared.standIn.queryCount() - before).toBe(queries);
  });

  it('count each query by operation and outcome, its time, and the stored answers used', async () => {
    const firstFigures = await metricsOf(shared.apps[0] as FastifyInstance);
    expect(firstFigures).toMatch(/register_queries_total\{operation="esindus_v2",outcome="ok"\} 1/);
    expect(firstFigures).toMatch(/register_queries_total\{operation="detailandmed_v2",outcome="ok"\} \d+/);
    expect(firstFigures).toMatch(/register_query_duration_seconds_count\{operation="tegelikudKasusaajad_v2"\} \d+/);
    expect(firstFigures).toMatch(/register_cache_total\{operation="detailandmed_v2",result="miss"\} \d+/);
    expect(firstFigures).toContain('register_breaker_openings_total 0');
    const secondFigures = await metricsOf(shared.apps[1] as FastifyInstance);
    expect(secondFigures).toMatch(/register_cache_total\{operation="detailandmed_v2",result="hit"\} \d+/);
    expect(secondFigures).not.toMatch(/register_queries_total\{operation="detailandmed_v2"/);
  });
});

describe('a register that is down', () => {
  let down: Instances;
  let call: Call;

  beforeAll(async () => {
    down = await instances(1, { REGISTER_BREAKER_COOL_DOWN_SECONDS: '1' });
    call = await signInAsRepresentative(down.apps[0] as FastifyInstance, REPRESENTATIVE);
  }, 120_000);

  afterAll(async () => {
    await down?.close();
  });

  it('trips the breaker: REGISTER_UNAVAILABLE at once without a query, until it is back and the cool-down has passed', async () => {
    const app = down.apps[0] as FastifyInstance;
    // Simulated mode's demonstration data was read from the register at start.
    const before = down.standIn.queryCount();
    down.standIn.setMode('DOWN');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const list = await call('GET', '/onboarding/representative/companies');
      expect(list.statusCode).toBe(503);
      expect(list.json()).toMatchObject({ code: 'REGISTER_UNAVAILABLE' });
    }
    const queries = down.standIn.queryCount();
    // Each of the five was asked three times (the client's retries).
    expect(queries - before).toBe(15);
    const refused = await call('GET', '/onboarding/representative/companies');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'REGISTER_UNAVAILABLE' });
    expect(down.standIn.queryCount()).toBe(queries);
    const figures = await metricsOf(app);
    expect(figures).toContain('register_breaker_openings_total 1');
    expect(figures).toMatch(/register_queries_total\{operation="esindus_v2",outcome="http_status"\} 5/);
    expect(figures).toMatch(/register_breaker_refusals_total\{operation="esindus_v2"\} 1/);

    down.standIn.setMode('NORMAL');
    // Back, but the cool-down still runs: not asked.
    expect((await call('GET', '/onboarding/representative/companies')).statusCode).toBe(503);
    expect(down.standIn.queryCount()).toBe(queries);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const answered = await call('GET', '/onboarding/representative/companies');
    expect(answered.statusCode).toBe(200);
    expect(down.standIn.queryCount()).toBe(queries + 1);
  });
});
