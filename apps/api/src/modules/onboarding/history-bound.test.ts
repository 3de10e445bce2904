import { createHash } from 'node:crypto';
import { completeSteps, JAAK_KRISTJAN } from '@onboarding/domain/test-support';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { applicationEvents } from '../../db/schema.js';
import { loadTestConfig } from '../../test/app.js';
import { applicationFor, fillSteps, saveStep, type TestApplication } from '../../test/application-steps.js';
import { createTestDatabase } from '../../test/database.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';

/**
 * The application's history is append-only, so what one person adds to it is bounded where it is added: an attack
 * test saved two 64 KB CompanyData bodies (200 partners) in turn, and each save kept about 72 KB of patch.
 * A small MAX_HISTORY_BYTES here, so the test sends tens of kilobytes, not megabytes.
 */
const HISTORY_BYTES = 65_536;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
let call: Call;
let application: TestApplication;

const companyData = completeSteps(JAAK_KRISTJAN).find(([step]) => step === 'CompanyData')?.[1] as Record<string, unknown>;
/** A 250-character name that does not compress (as stored, the history is compressed): hex of repeated hashes. */
const nameOf = (seed: string) =>
  Array.from({ length: 4 }, (_, part) =>
    createHash('sha512')
      .update(`${seed}/${String(part)}`)
      .digest('hex'),
  )
    .join('')
    .slice(0, 250);
/** A CompanyData body with `count` partners whose names start with `prefix`: two prefixes make every save a new patch. */
const withPartners = (count: number, prefix: string) => ({
  ...companyData,
  partners: Array.from({ length: count }, (_, index) => ({ businessName: nameOf(`${prefix} ${String(index)}`), countryCode: 'FI', cooperationType: 'BUYER' })),
});

const storedHistoryBytes = async (): Promise<number> => {
  const [row] = await database.db
    .select({ bytes: sql<string>`coalesce(sum(pg_column_size(${applicationEvents.payload})), 0)` })
    .from(applicationEvents)
    .where(eq(applicationEvents.processId, application.processId));
  return Number(row?.bytes);
};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(loadTestConfig({ MAX_HISTORY_BYTES: String(HISTORY_BYTES) }), { database });
  call = await signInAsRepresentative(app, JAAK_KRISTJAN.person.personalId);
  application = await fillSteps(call, await applicationFor(call, JAAK_KRISTJAN.company.registryCode), 'Incomes');
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('bounded history', () => {
  it('refuses the attack: 50 saves of two alternating 64 KB bodies (200 partners) store nothing', async () => {
    const before = await storedHistoryBytes();
    const bodies = [withPartners(200, 'Alpha'), withPartners(200, 'Beta')];
    expect(JSON.stringify(bodies[0]).length).toBeGreaterThan(60_000);
    const answers = new Set<string>();
    for (let round = 0; round < 50; round += 1) {
      const response = await saveStep(call, application, 'CompanyData', bodies[round % 2]);
      answers.add(`${String(response.statusCode)} ${JSON.stringify(response.json().fields?.find((field: { path: string }) => field.path === 'partners'))}`);
    }
    expect([...answers]).toEqual(['400 {"path":"partners","code":"maxOptions","params":{"max":30}}']);
    expect(await storedHistoryBytes()).toBe(before);
  });

  it('refuses the save that would take the history over its limit, and the history stays under it', async () => {
    const bodies = [withPartners(30, 'Alpha'), withPartners(30, 'Beta')];
    const answers: number[] = [];
    let current = application;
    for (let round = 0; round < 50 && !answers.includes(413); round += 1) {
      const response = await saveStep(call, current, 'CompanyData', bodies[round % 2]);
      answers.push(response.statusCode);
      if (response.statusCode === 200) current = response.json() as TestApplication;
      else expect(response.json()).toMatchObject({ code: 'HISTORY_TOO_LARGE', message: expect.stringContaining(String(HISTORY_BYTES)) });
    }
    // Each save replaces thirty partner names (about 8 KB of patch): a few fit in 64 KB, then the next is refused.
    expect(answers.filter((status) => status === 200).length).toBeGreaterThan(2);
    expect(answers.at(-1)).toBe(413);
    expect(await storedHistoryBytes()).toBeLessThanOrEqual(HISTORY_BYTES);
    // Nothing was written by the refused save: the application is still at the last version that was.
    expect((await call('GET', `/onboarding/applications/${application.processId}`)).json()).toMatchObject({ version: current.version });
    // Drafts add a row each to the history, so the few kilobytes left fill up too, and then drafts are refused.
    let version = current.version;
    let draft = await call('PUT', `/onboarding/applications/${application.processId}/drafts/CompanyData`, { version, data: { businessEmail: 'a@b.ee' } });
    for (let round = 0; round < 200 && draft.statusCode === 200; round += 1) {
      version = (draft.json() as { version: number }).version;
      draft = await call('PUT', `/onboarding/applications/${application.processId}/drafts/CompanyData`, { version, data: { businessEmail: 'a@b.ee' } });
    }
    expect(draft.json()).toMatchObject({ code: 'HISTORY_TOO_LARGE' });
    expect(await storedHistoryBytes()).toBeLessThanOrEqual(HISTORY_BYTES);
  });
});
