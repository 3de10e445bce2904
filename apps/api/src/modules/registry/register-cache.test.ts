import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAnswers } from '../../db/schema.js';
import { startRikStandIn, type RikStandIn } from '../../simulators/rik/start-rik-stand-in.js';
import { createTestDatabase } from '../../test/database.js';
import { withCompanyReadings } from './company-reading.js';
import { REGISTRY_CODES } from './fixture/companies.js';
import { cachedClient, COMPANY_LIST_REUSE_MS, reuseOfOperations } from './register-cache.js';
import { createRikClient } from './rik/client.js';
import { createRikRegister } from './rik/rik-register.js';
import { createSimulatedRegister } from './simulated-register.js';

/**
 * The register's answers kept in the database (docs/decisions/0035), on PGlite and on PostgreSQL (DATABASE_URL):
 * a card asked again within the window is no query, after it the register is asked again, and two instances on one
 * database share what either asked. The stand-in counts the queries it gets.
 */

const WINDOW_MS = 15 * 60_000;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let standIn: RikStandIn;
let clock = new Date('2026-11-28T10:00:00Z');
const now = () => clock;
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** One instance's register: its own client and cache over the shared database. */
const instance = () =>
  withCompanyReadings(
    createRikRegister({
      url: standIn.url,
      username: standIn.username,
      password: standIn.password,
      timeoutMs: 5000,
      persons: createSimulatedRegister(),
      client: cachedClient(createRikClient({ url: standIn.url, username: standIn.username, password: standIn.password, timeoutMs: 5000, now }), {
        db: database.db,
        reuseMsOf: reuseOfOperations(WINDOW_MS),
        now,
      }),
    }),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  standIn = await startRikStandIn();
});

afterAll(async () => {
  await standIn.close();
  await database.drop();
});

describe('the register answers kept in the database', () => {
  it('answers a card asked again within the window without a query, with the first answer’s query time', async () => {
    const register = instance();
    const first = await register.companyReading?.('EE', REGISTRY_CODES.testPersonOu);
    const asked = standIn.queryCount();
    expect(asked).toBeGreaterThanOrEqual(2);
    later(WINDOW_MS - 1000);
    const second = await register.companyReading?.('EE', REGISTRY_CODES.testPersonOu);
    expect(await register.company('EE', REGISTRY_CODES.testPersonOu)).toEqual(first?.details);
    expect(standIn.queryCount()).toBe(asked);
    expect(second).toEqual(first);
    // The card is as old as the register's answer, not as the read from the database.
    expect(second?.queriedAt.toISOString()).toBe('2026-11-28T10:00:00.000Z');
    // Nothing of the credentials is kept.
    const rows = await database.db.select().from(registerAnswers);
    expect(JSON.stringify(rows)).not.toContain(standIn.password);
  });

  it('asks the register again once the window has passed', async () => {
    const register = instance();
    const before = standIn.queryCount();
    later(2000);
    const reading = await register.companyReading?.('EE', REGISTRY_CODES.testPersonOu);
    expect(standIn.queryCount()).toBeGreaterThan(before);
    expect(reading?.queriedAt.getTime()).toBe(clock.getTime());
  });

  it('is shared by two instances on one database', async () => {
    const first = instance();
    const second = instance();
    await first.company('EE', REGISTRY_CODES.onePersonOu);
    const asked = standIn.queryCount();
    expect(await second.company('EE', REGISTRY_CODES.onePersonOu)).toMatchObject({ registryCode: REGISTRY_CODES.onePersonOu });
    expect(standIn.queryCount()).toBe(asked);
  });

  it('keeps a person’s list of companies for a minute only', async () => {
    const register = instance();
    const person = { personalId: '40504040001', countryCode: 'EE' };
    const list = await register.companiesOf(person);
    const asked = standIn.queryCount();
    later(COMPANY_LIST_REUSE_MS - 1000);
    expect(await register.companiesOf(person)).toEqual(list);
    expect(standIn.queryCount()).toBe(asked);
    later(2000);
    await register.companiesOf(person);
    expect(standIn.queryCount()).toBe(asked + 1);
  });

  it('sends the same query asked twice at once only once', async () => {
    const register = instance();
    later(WINDOW_MS + 1000);
    const before = standIn.queryCount();
    const [one, two] = await Promise.all([register.company('EE', REGISTRY_CODES.onePersonOu), register.company('EE', REGISTRY_CODES.onePersonOu)]);
    expect(one).toEqual(two);
    const once = standIn.queryCount() - before;
    later(WINDOW_MS + 1000);
    await register.company('EE', REGISTRY_CODES.onePersonOu);
    expect(standIn.queryCount() - before).toBe(2 * once);
  });

  it('keeps nothing when the window is 0', async () => {
    const register = createRikRegister({
      url: standIn.url,
      username: standIn.username,
      password: standIn.password,
      timeoutMs: 5000,
      persons: createSimulatedRegister(),
      client: cachedClient(createRikClient({ url: standIn.url, username: standIn.username, password: standIn.password, timeoutMs: 5000 }), {
        db: database.db,
        reuseMsOf: reuseOfOperations(0),
      }),
    });
    const before = standIn.queryCount();
    await register.companiesOf({ personalId: '40504040001', countryCode: 'EE' });
    await register.companiesOf({ personalId: '40504040001', countryCode: 'EE' });
    expect(standIn.queryCount()).toBe(before + 2);
  });
});
