import { JAAK_KRISTJAN } from '@onboarding/domain/test-support';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, registerAnswers } from '../../db/schema.js';
import { startRikStandIn, type RikStandIn } from '../../simulators/rik/start-rik-stand-in.js';
import { buildTestApp } from '../../test/app.js';
import { applicationFor, fillSteps, type TestApplication } from '../../test/application-steps.js';
import { signWithIdCard } from '../../test/id-card-signing.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';
import { REGISTRY_CODES } from '../registry/fixture/companies.js';
import { createRegisterEvidence, MAX_REGISTER_READINGS } from './register-evidence.js';

/**
 * The register's answers behind an application's facts are kept with it (docs/decisions/0035): at creation and at
 * each reading before signing. A stored answer (the register cache) keeps its own query time, so facts read from
 * one never count as newer than the register's answer; one older than the window is not used.
 */

let standIn: RikStandIn;
let app: FastifyInstance;
let call: Call;
let application: TestApplication;

const minutesAgo = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;
const evidence = () => createRegisterEvidence(app.database.db);
const queriedAtOf = async (processId: string) =>
  (await app.database.db.select({ at: applications.registerQueriedAt }).from(applications).where(eq(applications.processId, processId)))[0]?.at;

beforeAll(async () => {
  standIn = await startRikStandIn();
  app = await buildTestApp({ REGISTER_URL: standIn.url, REGISTER_USERNAME: standIn.username, REGISTER_PASSWORD: standIn.password });
  await app.ready();
  call = await signInAsRepresentative(app, JAAK_KRISTJAN.person.personalId);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await standIn?.close();
});

describe('the register’s answers kept with the application', () => {
  it('are written when the application is created from the register, with the facts’ query time', async () => {
    application = await fillSteps(call, await applicationFor(call, REGISTRY_CODES.testPersonOu));
    const readings = await evidence().readingsOf(application.processId);
    expect(readings).toHaveLength(1);
    const operations = readings[0]?.evidence.map((entry) => entry.operation) ?? [];
    expect(operations[0]).toBe('detailandmed_v2');
    expect(operations).toContain('tegelikudKasusaajad_v2');
    expect(readings[0]?.evidence[0]?.keha).toHaveProperty('ettevotjad');
    const oldest = Math.min(...(readings[0]?.evidence.map((entry) => Date.parse(entry.queriedAt)) ?? []));
    expect((await queriedAtOf(application.processId))?.getTime()).toBe(oldest);
    expect(JSON.stringify(readings)).not.toContain(standIn.password);
  });

  it('before signing, takes a stored answer younger than the window at its own query time, without a query', async () => {
    await app.database.db
      .update(applications)
      .set({ registerQueriedAt: minutesAgo(20) })
      .where(eq(applications.processId, application.processId));
    // Another instance read the company 14 minutes ago.
    await app.database.db.update(registerAnswers).set({ queriedAt: minutesAgo(14) });
    const before = standIn.queryCount();
    const { certificate } = (
      await app.inject({ method: 'GET', url: `/dev/id-card/signing-certificate?personalId=${JAAK_KRISTJAN.person.personalId}` })
    ).json() as {
      certificate: string;
    };
    const started = await call('POST', `/onboarding/applications/${application.processId}/signing`, { method: 'ID_CARD', certificate });
    expect(started.statusCode, started.body).toBe(200);
    expect(standIn.queryCount()).toBe(before);
    const stored = await queriedAtOf(application.processId);
    const age = Date.now() - (stored?.getTime() ?? 0);
    expect(age).toBeGreaterThan(13 * 60_000);
    expect(age).toBeLessThan(15 * 60_000);
    expect(await evidence().readingsOf(application.processId)).toHaveLength(2);
  });

  it('before signing, asks the register again when the stored answers are older than the window, and keeps them', async () => {
    await app.database.db
      .update(applications)
      .set({ registerQueriedAt: minutesAgo(20) })
      .where(eq(applications.processId, application.processId));
    await app.database.db.update(registerAnswers).set({ queriedAt: minutesAgo(16) });
    const before = standIn.queryCount();
    const { outcome } = await signWithIdCard(app, call, application, JAAK_KRISTJAN.person.personalId);
    expect(outcome).toMatchObject({ state: 'SIGNED' });
    expect(standIn.queryCount()).toBeGreaterThan(before);
    expect(Date.now() - ((await queriedAtOf(application.processId))?.getTime() ?? 0)).toBeLessThan(60_000);
    const readings = await evidence().readingsOf(application.processId);
    expect(readings).toHaveLength(3);
    expect(Date.parse(readings[2]?.evidence[0]?.queriedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps the first reading and the latest ones, at most MAX_REGISTER_READINGS', async () => {
    const store = evidence();
    const first = await store.readingsOf(application.processId);
    const answer = first[0]?.evidence ?? [];
    for (let reading = 0; reading < MAX_REGISTER_READINGS + 2; reading += 1) {
      await store.keep(application.processId, answer, new Date(Date.now() + (reading + 1) * 60_000));
    }
    const kept = await store.readingsOf(application.processId);
    expect(kept).toHaveLength(MAX_REGISTER_READINGS);
    expect(kept[0]?.readAt).toEqual(first[0]?.readAt);
    expect(kept.at(-1)?.readAt.getTime()).toBeGreaterThan(Date.now() + MAX_REGISTER_READINGS * 60_000);
  });
});
