import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { isValidPersonalId, MAX_OPEN_MANUAL_APPLICATIONS } from '@onboarding/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../apps/api/src/db/database.js';
import { applicationEvents, applications } from '../../apps/api/src/db/schema.js';
import { createWebDist } from '../../apps/api/src/test/app.js';
import { postgresDatabaseFor } from '../../apps/api/src/test/postgres.js';
import { freePort, killHard, startBuiltServer, type BuiltServer } from '../../apps/api/src/test/built-server.js';

/**
 * Crash durability: the built server (`node apps/api/dist/server.js`) takes
 * many concurrent step and draft saves through its HTTP API, is killed with
 * SIGKILL mid-run, and is started again on the same database. Every save
 * that was answered 200 must be there (the version it was given, its event,
 * its data unless a later save changed it), no application may be half
 * written (each write and its event are one transaction, so an application
 * of version v has exactly the events of versions 1..v), and the server must
 * answer and take writes again. Once on PostgreSQL, once on PGlite on disk.
 */

// Applications for companies typed by hand are capped per person (MAX_OPEN_MANUAL_APPLICATIONS): more persons, each at the cap.
const PERSONS = 6;
const APPLICATIONS_PER_PERSON = MAX_OPEN_MANUAL_APPLICATIONS;
const WRITERS_PER_APPLICATION = 2;
/** The kill comes when this many saves have been answered 200, while every other writer has one under way. */
const KILL_AFTER_ACKNOWLEDGED = 400;
const DRAFT_STEP = 'CompanyData';
const SAVED_STEP = 'AccountOpeningReason';
const AFTER_RESTART_STEP = 'Incomes';

type Kind = 'draft' | 'step';
type Outcome = 'pending' | 'acknowledged' | 'conflict' | 'unanswered';
type Save = { processId: string; kind: Kind; data: unknown; sentVersion: number; outcome: Outcome; version?: number };
type TestApplication = { processId: string; token: string; version: number };

/** Adults the register does not know, so nothing but the form decides: valid check digits, born 1980-01-01. */
function personalIds(count: number): string[] {
  const ids: string[] = [];
  for (let serial = 100; ids.length < count; serial += 1) {
    for (let digit = 0; digit <= 9; digit += 1) {
      const candidate = `3800101${String(serial)}${String(digit)}`;
      if (isValidPersonalId(candidate)) {
        ids.push(candidate);
        break;
      }
    }
  }
  return ids;
}

async function send(baseUrl: string, method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function createApplications(baseUrl: string): Promise<TestApplication[]> {
  const created: TestApplication[] = [];
  for (const personalId of personalIds(PERSONS)) {
    const signedIn = await send(baseUrl, 'POST', '/oauth2/v2/authorize/magic', undefined, { personalId });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.accessToken as string;
    const consent = { email: 'krahh@example.ee', phone: '+372 5123 4567', hasConsentedToRegistryQueries: true, language: 'et' };
    expect((await send(baseUrl, 'PUT', '/onboarding/representative/personal-information', token, consent)).status).toBe(200);
    for (let index = 0; index < APPLICATIONS_PER_PERSON; index += 1) {
      const company = {
        businessName: `Krahh ${personalId}-${String(index)} Oy`,
        registryCode: `KRAHH${personalId}${String(index)}`,
        registryCountryCode: 'FI',
      };
      const response = await send(baseUrl, 'POST', '/onboarding/applications', token, { source: 'MANUAL', company });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const application = response.body.application as { processId: string; version: number };
      created.push({ processId: application.processId, token, version: application.version });
    }
  }
  return created;
}

/**
 * Writers save drafts and steps one after another on their application, each
 * with the newest version it knows (two writers per application, so some
 * saves lose the race with 409). When KILL_AFTER_ACKNOWLEDGED saves have been
 * answered, the server is killed; every save without an answer is kept as
 * unanswered: it may or may not have been written.
 */
async function runLoadAndKill(server: BuiltServer, targets: TestApplication[]): Promise<Save[]> {
  const saves: Save[] = [];
  let acknowledged = 0;
  let isKilled = false;
  const unexpected: string[] = [];

  async function writer(application: TestApplication, writerIndex: number): Promise<void> {
    for (let seq = 0; !isKilled; seq += 1) {
      const kind: Kind = (seq + writerIndex) % 2 === 0 ? 'draft' : 'step';
      const data =
        kind === 'draft'
          ? { writer: writerIndex, seq, note: `draft ${String(seq)} of writer ${String(writerIndex)} `.repeat(20) }
          : { openingReasons: ['OTHER'], otherReason: `step ${String(seq)} of writer ${String(writerIndex)}` };
      const save: Save = { processId: application.processId, kind, data, sentVersion: application.version, outcome: 'pending' };
      saves.push(save);
      const url = `/onboarding/applications/${application.processId}/${kind === 'draft' ? `drafts/${DRAFT_STEP}` : `steps/${SAVED_STEP}`}`;
      let answer: Awaited<ReturnType<typeof send>>;
      try {
        answer = await send(server.baseUrl, 'PUT', url, application.token, { version: save.sentVersion, data });
      } catch {
        // Connection refused or reset, or the answer cut off: the kill.
        save.outcome = 'unanswered';
        return;
      }
      if (answer.status === 200) {
        save.outcome = 'acknowledged';
        save.version = answer.body.version as number;
        if (kind === 'step') save.data = (answer.body.steps as Record<string, unknown>)[SAVED_STEP];
        application.version = Math.max(application.version, save.version);
        acknowledged += 1;
        if (acknowledged >= KILL_AFTER_ACKNOWLEDGED && !isKilled) {
          isKilled = true;
          server.child.kill('SIGKILL');
        }
      } else if (answer.status === 409 && typeof answer.body.currentVersion === 'number') {
        save.outcome = 'conflict';
        application.version = Math.max(application.version, answer.body.currentVersion);
      } else {
        unexpected.push(`${String(answer.status)} ${JSON.stringify(answer.body)}`);
        save.outcome = 'conflict';
        isKilled = true;
        server.child.kill('SIGKILL');
      }
    }
  }

  await Promise.all(targets.flatMap((application) => Array.from({ length: WRITERS_PER_APPLICATION }, (_, index) => writer(application, index))));
  expect(unexpected, 'answers other than 200 and 409 under load').toEqual([]);
  for (const save of saves) if (save.outcome === 'pending') save.outcome = 'unanswered';
  return saves;
}

type Row = typeof applications.$inferSelect;
type EventRow = typeof applicationEvents.$inferSelect;
type Figures = { applications: number; acknowledged: number; survived: number; conflicts: number; unanswered: number; committedUnanswered: number };

/**
 * Checks the database against what the clients were told. `versionAfterRestart`
 * is each application's version as the restarted server showed it, before one
 * more draft (of AFTER_RESTART_STEP) was saved on each.
 */
function checkDurability(saves: Save[], targets: TestApplication[], rows: Row[], events: EventRow[], versionAfterRestart: Map<string, number>) {
  const problems: string[] = [];
  const figures: Figures = { applications: targets.length, acknowledged: 0, survived: 0, conflicts: 0, unanswered: 0, committedUnanswered: 0 };
  // One transaction per write: every application in the database (the seeded ones too) of version v has exactly the events of versions 1..v.
  for (const row of rows) {
    const eventVersions = events
      .filter((event) => event.processId === row.processId)
      .map((event) => event.applicationVersion)
      .sort((a, b) => a - b);
    if (
      !isDeepStrictEqual(
        eventVersions,
        Array.from({ length: row.version }, (_, index) => index + 1),
      )
    ) {
      problems.push(`${row.processId}: version ${String(row.version)} but events of versions ${eventVersions.join(',')}`);
    }
  }
  for (const { processId } of targets) {
    const row = rows.find((candidate) => candidate.processId === processId);
    if (!row) {
      problems.push(`${processId}: the application is gone`);
      continue;
    }
    const own = events.filter((event) => event.processId === processId);
    const eventAt = new Map(own.map((event) => [event.applicationVersion, event]));
    const mine = saves.filter((save) => save.processId === processId);
    const acknowledged = mine.filter((save) => save.outcome === 'acknowledged');
    const unanswered = mine.filter((save) => save.outcome === 'unanswered');
    figures.acknowledged += acknowledged.length;
    figures.conflicts += mine.filter((save) => save.outcome === 'conflict').length;
    figures.unanswered += unanswered.length;

    const beforeRestart = versionAfterRestart.get(processId) ?? 0;
    if (row.version !== beforeRestart + 1)
      problems.push(`${processId}: the save after the restart gave version ${String(row.version)}, not ${String(beforeRestart + 1)}`);
    if (new Set(acknowledged.map((save) => save.version)).size !== acknowledged.length) problems.push(`${processId}: one version acknowledged twice`);
    // Versions past the last acknowledged one come from saves whose answer the kill cut off.
    const committedUnanswered = beforeRestart - 1 - acknowledged.length;
    figures.committedUnanswered += Math.max(committedUnanswered, 0);
    if (committedUnanswered < 0 || committedUnanswered > unanswered.length) {
      problems.push(
        `${processId}: version ${String(beforeRestart)} after the restart, ${String(acknowledged.length)} saves acknowledged, ${String(unanswered.length)} unanswered`,
      );
    }

    for (const save of acknowledged) {
      const version = save.version ?? 0;
      const event = eventAt.get(version);
      const expectedType = save.kind === 'draft' ? 'DRAFT_SAVED' : 'STEP_SAVED';
      const expectedStep = save.kind === 'draft' ? DRAFT_STEP : SAVED_STEP;
      if (row.version >= version && event?.type === expectedType && (event.payload as { step?: unknown }).step === expectedStep) figures.survived += 1;
      else
        problems.push(
          `${processId}: acknowledged ${save.kind} of version ${String(version)} is missing (row version ${String(row.version)}, event ${event?.type ?? 'none'})`,
        );
    }

    // The data: the last acknowledged save of each kind, unless a later save (committed, its answer lost) changed it.
    const checkData = (kind: Kind, type: string, step: string, stored: unknown) => {
      const last = own
        .filter((event) => event.type === type && (event.payload as { step?: unknown }).step === step)
        .sort((a, b) => b.applicationVersion - a.applicationVersion)[0];
      if (!last) {
        if (stored !== undefined) problems.push(`${processId}: ${kind} data without a ${type} event`);
        return;
      }
      const byAcknowledged = acknowledged.find((save) => save.version === last.applicationVersion);
      if (byAcknowledged) {
        if (!isDeepStrictEqual(stored, byAcknowledged.data))
          problems.push(`${processId}: ${kind} data differs from the acknowledged save of version ${String(last.applicationVersion)}`);
        return;
      }
      if (!unanswered.some((save) => save.kind === kind && isDeepStrictEqual(stored, save.data))) {
        problems.push(`${processId}: ${kind} data of version ${String(last.applicationVersion)} is from no save that was sent`);
      }
    };
    checkData('draft', 'DRAFT_SAVED', DRAFT_STEP, (row.drafts as Record<string, unknown>)[DRAFT_STEP]);
    checkData('step', 'STEP_SAVED', SAVED_STEP, (row.stepData as Record<string, unknown>)[SAVED_STEP]);
  }
  return { problems, figures };
}

const reports: string[] = [];
let webDist: string;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  webDist = createWebDist();
}, 120_000);

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(() => {
  rmSync(webDist, { recursive: true, force: true });
  if (reports.length > 0) console.log(['Crash durability (SIGKILL mid-run, then restart):', ...reports].join('\n'));
});

/**
 * The whole scenario on one database; `openForCheck` opens it in this process
 * once the restarted server has stopped.
 */
async function crashAndRestart(label: string, env: Record<string, string>, openForCheck: (dataDir: string) => Promise<Database>): Promise<void> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'onboarding-crash-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  // The load saves far more than a person would: the per-person save limits are not what is tested.
  const serverEnv = { DATA_DIR: dataDir, WEB_DIST_DIR: webDist, RATE_LIMIT_SAVES_PER_USER: '1000000', RATE_LIMIT_DRAFTS_PER_USER: '1000000', ...env };

  const first = await startBuiltServer(port, serverEnv);
  cleanups.push(() => killHard(first));
  const targets = await createApplications(first.baseUrl);
  const saves = await runLoadAndKill(first, targets);
  expect(await first.exited).toBe('SIGKILL');

  const second = await startBuiltServer(port, serverEnv);
  cleanups.push(() => killHard(second));
  expect((await fetch(`${second.baseUrl}/readyz`)).status).toBe(200);
  // The same tokens still work (the signing key and the sessions survived), and every application takes a write again.
  const versionAfterRestart = new Map<string, number>();
  for (const application of targets) {
    const read = await send(second.baseUrl, 'GET', `/onboarding/applications/${application.processId}`, application.token);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const version = read.body.version as number;
    versionAfterRestart.set(application.processId, version);
    const saved = await send(second.baseUrl, 'PUT', `/onboarding/applications/${application.processId}/drafts/${AFTER_RESTART_STEP}`, application.token, {
      version,
      data: { afterRestart: true },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  second.child.kill('SIGTERM');
  expect(await second.exited, second.output()).toBe(0);
  const database = await openForCheck(dataDir);
  let result: ReturnType<typeof checkDurability>;
  try {
    const rows = await database.db.select().from(applications);
    const events = await database.db.select().from(applicationEvents);
    result = checkDurability(saves, targets, rows, events, versionAfterRestart);
  } finally {
    await database.close();
  }
  const { figures, problems } = result;
  reports.push(
    `  ${label}: ${String(figures.applications)} applications, ${String(figures.acknowledged)} saves acknowledged, ${String(figures.survived)} of them present after the restart; ` +
      `${String(figures.conflicts)} answered 409, ${String(figures.unanswered)} cut off by the kill (${String(figures.committedUnanswered)} of those written anyway); ${String(problems.length)} problems`,
  );
  expect(problems).toEqual([]);
  expect(figures.acknowledged).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
  expect(figures.survived).toBe(figures.acknowledged);
}

describe('crash durability', () => {
  it('PostgreSQL: every acknowledged save survives SIGKILL, no application is half written, the server answers again', async (context) => {
    const database = await postgresDatabaseFor('onboarding_crash', 'crash durability on PostgreSQL');
    if (!database) return context.skip();
    cleanups.push(() => database.drop());
    await crashAndRestart('PostgreSQL', { DATABASE_URL: database.url }, () => openDatabase({ url: database.url }));
  }, 90_000);

  it('PGlite on disk: every acknowledged save survives SIGKILL, no application is half written, the server answers again', async () => {
    // Without DATABASE_URL the built server keeps PGlite in DATA_DIR/pglite, as `npm start` does.
    await crashAndRestart('PGlite', {}, (dataDir) => openDatabase({ dataDir: path.join(dataDir, 'pglite') }));
  }, 90_000);
});
