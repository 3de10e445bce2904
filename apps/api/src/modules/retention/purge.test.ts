import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationEvents,
  applications,
  authSessions,
  idCardChallenges,
  mailOutbox,
  rateLimitCounters,
  refreshTokens,
  registerAnswers,
  registerEvidence,
  userSessions,
} from '../../db/schema.js';
import { createTestDatabase } from '../../test/database.js';
import { purgeAll, purgeExpired, type RetentionRule } from './purge.js';

/**
 * The retention rule and its purge (docs/security.md DA6): exactly what the rule allows goes, on PGlite and on
 * PostgreSQL (DATABASE_URL), and application_events stays append-only for everything else.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const rule: RetentionRule = { abandonedDays: 180, operationalDays: 30 };
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** An application with `events` history rows, last touched `days` ago. */
async function application(days: number, fields: Partial<typeof applications.$inferInsert> = {}, events = 3): Promise<string> {
  const [row] = await database.db
    .insert(applications)
    .values({ representativePersonalId: '38001085718', companyName: 'Näidis OÜ', createdAt: daysAgo(days), updatedAt: daysAgo(days), ...fields })
    .returning({ processId: applications.processId });
  const processId = row?.processId ?? '';
  for (let version = 1; version <= events; version += 1) {
    await database.db
      .insert(applicationEvents)
      .values({ processId, type: 'DRAFT_SAVED', actor: 'EE38001085718', applicationVersion: version, payload: { step: 'CompanyData' } });
  }
  return processId;
}

const eventCount = async (processId: string) =>
  (await database.db.select({ id: applicationEvents.id }).from(applicationEvents).where(eq(applicationEvents.processId, processId))).length;
const exists = async (processId: string) =>
  (await database.db.select({ id: applications.processId }).from(applications).where(eq(applications.processId, processId))).length === 1;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('the retention purge', () => {
  it('deletes an abandoned application with its history, and keeps every other', async () => {
    const abandoned = await application(200);
    const supersededLongAgo = await application(400, { status: 'SUPERSEDED' });
    const recent = await application(10);
    const submitted = await application(900, { status: 'SUBMITTED', submittedAt: daysAgo(900) });
    const decided = await application(900, { status: 'APPROVED', submittedAt: daysAgo(900) });
    // Reopened by the bank for more information: in progress again, but it was submitted and signed.
    const reopened = await application(900, { status: 'IN_PROGRESS', submittedAt: daysAgo(900), reopenedSteps: ['Incomes'] });

    const counts = await purgeAll(database.db, rule);

    expect(counts).toMatchObject({ abandonedApplications: 2, applicationEvents: 6 });
    for (const gone of [abandoned, supersededLongAgo]) {
      expect(await exists(gone)).toBe(false);
      expect(await eventCount(gone)).toBe(0);
    }
    for (const kept of [recent, submitted, decided, reopened]) {
      expect(await exists(kept)).toBe(true);
      expect(await eventCount(kept)).toBe(3);
    }
  });

  it('deletes ended sessions, old sign-ins, sent mail, expired challenges and counters, and keeps live ones', async () => {
    const person = { personalId: '38001085718', personalIdCountryCode: 'EE', givenName: 'Jaak-Kristjan', surname: 'Jõeorg', authenticationMethod: 'SMART_ID' };
    const [oldSignIn, newSignIn] = await database.db
      .insert(authSessions)
      .values([
        { method: 'SMART_ID', clientState: 's', codeChallenge: 'c', clientAddress: '192.0.2.1', createdAt: daysAgo(60) },
        { method: 'SMART_ID', clientState: 's', codeChallenge: 'c', clientAddress: '192.0.2.1' },
      ])
      .returning({ id: authSessions.id });
    const [ended, live] = await database.db
      .insert(userSessions)
      .values([
        { ...person, createdAt: daysAgo(60), lastRefreshedAt: daysAgo(60), authSessionId: oldSignIn?.id },
        { ...person, authSessionId: newSignIn?.id },
      ])
      .returning({ id: userSessions.id });
    await database.db.insert(refreshTokens).values([
      { tokenHash: `ended-${randomUUID()}`, sessionId: ended?.id ?? '' },
      { tokenHash: `live-${randomUUID()}`, sessionId: live?.id ?? '' },
    ]);
    const mail = { recipient: 'a@b.ee', recipientKey: 'a@b.ee', subject: 's', text: 't', html: 'h', template: 'SAVE_AND_CONTINUE_LATER', language: 'et' };
    await database.db.insert(mailOutbox).values([
      { ...mail, sentAt: daysAgo(40) },
      { ...mail, sentAt: daysAgo(1) },
      // Never sent yet: kept whatever its age, the sender still owes it.
      { ...mail, createdAt: daysAgo(90) },
    ]);
    await database.db.insert(idCardChallenges).values([
      { nonceHash: `old-${randomUUID()}`, codeChallenge: 'c', expiresAt: daysAgo(1) },
      { nonceHash: `new-${randomUUID()}`, codeChallenge: 'c', expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await database.db.insert(rateLimitCounters).values([
      { key: `old-${randomUUID()}`, hits: 1, resetsAt: daysAgo(1) },
      { key: `new-${randomUUID()}`, hits: 1, resetsAt: new Date(Date.now() + 60_000) },
    ]);

    const counts = await purgeExpired(database.db, rule);

    expect(counts).toMatchObject({ userSessions: 1, refreshTokens: 1, authSessions: 1, mailOutbox: 1, idCardChallenges: 1, rateLimitCounters: 1 });
    expect((await database.db.select().from(userSessions)).map((row) => row.id)).toEqual([live?.id]);
    expect((await database.db.select().from(authSessions)).map((row) => row.id)).toEqual([newSignIn?.id]);
    expect(await database.db.select().from(mailOutbox)).toHaveLength(2);
    expect(await database.db.select().from(idCardChallenges)).toHaveLength(1);
  });

  it('deletes the register’s answers kept with an abandoned application, and the stored answers past their time', async () => {
    const abandoned = await application(200);
    const recent = await application(10);
    const answer = { operation: 'detailandmed_v2', queriedAt: daysAgo(200), paring: {}, keha: { ettevotjad: {} } };
    await database.db.insert(registerEvidence).values([
      { ...answer, processId: abandoned, readAt: daysAgo(200) },
      { ...answer, processId: abandoned, readAt: daysAgo(200), operation: 'tegelikudKasusaajad_v2' },
      { ...answer, processId: recent, readAt: daysAgo(10) },
    ]);
    await database.db.insert(registerAnswers).values([
      { key: `old-${randomUUID()}`, operation: 'esindus_v2', answer: {}, queriedAt: daysAgo(1), expiresAt: daysAgo(1) },
      { key: `new-${randomUUID()}`, operation: 'esindus_v2', answer: {}, queriedAt: new Date(), expiresAt: new Date(Date.now() + 60_000) },
    ]);

    const counts = await purgeAll(database.db, rule);

    expect(counts).toMatchObject({ abandonedApplications: 1, registerEvidence: 2, registerAnswers: 1 });
    expect(await exists(abandoned)).toBe(false);
    expect((await database.db.select().from(registerEvidence)).map((row) => row.processId)).toEqual([recent]);
    expect(await database.db.select().from(registerAnswers)).toHaveLength(1);
  });

  it('a second purge finds nothing more to delete', async () => {
    const counts = await purgeExpired(database.db, rule);
    expect(Object.values(counts ?? {}).every((count) => count === 0)).toBe(true);
  });
});

describe('application_events stays append-only outside the rule (migration 0021)', () => {
  const refused = /append-only: (DELETE|UPDATE) refused/;
  /** The database's own message of a refused statement (drizzle wraps it as the cause). */
  const refusal = async (work: Promise<unknown>): Promise<string> => {
    try {
      await work;
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause;
      return cause?.message ?? String(error);
    }
    return 'not refused';
  };

  it('refuses a DELETE of an abandoned application’s history outside the purge', async () => {
    const abandoned = await application(200);
    expect(await refusal(database.db.delete(applicationEvents).where(eq(applicationEvents.processId, abandoned)))).toMatch(refused);
    expect(await eventCount(abandoned)).toBe(3);
  });

  it('inside the purge’s setting, refuses the history of a submitted, a recent or a signed application, and any UPDATE', async () => {
    const submitted = await application(900, { status: 'SUBMITTED', submittedAt: daysAgo(900) });
    const recent = await application(10);
    const abandoned = await application(200);
    const inPurge = (work: (tx: Parameters<Parameters<typeof database.db.transaction>[0]>[0]) => Promise<unknown>) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('onboarding.retention_purge', 'on', true)`);
        await work(tx);
      });
    for (const processId of [submitted, recent]) {
      expect(await refusal(inPurge((tx) => tx.delete(applicationEvents).where(eq(applicationEvents.processId, processId))))).toMatch(refused);
      expect(await eventCount(processId)).toBe(3);
    }
    expect(
      await refusal(inPurge((tx) => tx.update(applicationEvents).set({ actor: 'someone else' }).where(eq(applicationEvents.processId, abandoned)))),
    ).toMatch(refused);
    // The setting is the transaction's own: the next one is refused again.
    expect(await refusal(database.db.delete(applicationEvents).where(inArray(applicationEvents.processId, [abandoned])))).toMatch(refused);
    expect(await refusal(database.db.execute(sql`truncate application_events cascade`))).toMatch(/append-only: TRUNCATE refused/);
    expect(await eventCount(abandoned)).toBe(3);
  });

  it.runIf(process.env.DATABASE_URL)('one purge at a time: while another instance holds the lock, a purge skips its turn', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const other = database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7246003)`);
      locked();
      await held;
    });
    await isLocked;
    expect(await purgeExpired(database.db, rule)).toBeNull();
    release();
    await other;
    expect(await purgeExpired(database.db, rule)).not.toBeNull();
  });
});
