import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.js';
import { openDatabase, type Database } from './database.js';
import { applicationEvents, applications, contracts, signingSessions } from './schema.js';

let database: Database & { drop: () => Promise<void> };

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

// A company has one open application at a time (applications_one_open_per_company_idx): each test makes its own company.
let companies = 0;

async function createApplication() {
  companies += 1;
  const [application] = await database.db
    .insert(applications)
    .values({ representativePersonalId: '38001085718', companyName: 'Näidis OÜ', companyRegistryCode: String(12_345_000 + companies) })
    .returning();
  if (!application) throw new Error('insert returned nothing');
  return application;
}

describe('migrations', () => {
  it('create the applications and application_events tables', async () => {
    const result = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const tables = (result as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
    expect(tables).toEqual(expect.arrayContaining(['applications', 'application_events']));
  });

  it('give a new application its first step, status and version', async () => {
    const application = await createApplication();
    expect(application).toMatchObject({
      currentStep: 'AccountOpeningReason',
      status: 'IN_PROGRESS',
      version: 1,
      stepData: {},
      companyRegistryCountryCode: 'EE',
      submittedAt: null,
    });
    expect(application.processId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuse an unknown status', async () => {
    const application = await createApplication();
    await expect(database.db.update(applications).set({ status: 'LOST' }).where(eq(applications.processId, application.processId))).rejects.toThrow();
  });
});

describe('optimistic locking', () => {
  it('lets exactly one of two writers of the same version win', async () => {
    const application = await createApplication();
    const write = (reasons: string[]) =>
      database.db
        .update(applications)
        .set({ stepData: { AccountOpeningReason: { reasons } }, version: sql`${applications.version} + 1` })
        .where(and(eq(applications.processId, application.processId), eq(applications.version, application.version)))
        .returning({ version: applications.version });

    const first = await write(['DEPOSIT']);
    const second = await write(['OTHER']);
    expect(first).toEqual([{ version: 2 }]);
    expect(second).toEqual([]);

    const [stored] = await database.db.select().from(applications).where(eq(applications.processId, application.processId));
    expect(stored?.stepData).toEqual({ AccountOpeningReason: { reasons: ['DEPOSIT'] } });
  });
});

describe('application_events', () => {
  it('keeps events in order for an application', async () => {
    const application = await createApplication();
    await database.db.insert(applicationEvents).values([
      { processId: application.processId, type: 'APPLICATION_CREATED', actor: '38001085718', applicationVersion: 1 },
      { processId: application.processId, type: 'STEP_SAVED', actor: '38001085718', applicationVersion: 2, payload: { step: 'AccountOpeningReason' } },
    ]);
    const events = await database.db
      .select({ type: applicationEvents.type })
      .from(applicationEvents)
      .where(eq(applicationEvents.processId, application.processId))
      .orderBy(applicationEvents.id);
    expect(events.map((event) => event.type)).toEqual(['APPLICATION_CREATED', 'STEP_SAVED']);
  });

  it('is append-only: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const application = await createApplication();
    await database.db
      .insert(applicationEvents)
      .values({ processId: application.processId, type: 'APPLICATION_CREATED', actor: 'system', applicationVersion: 1 });

    await expect(database.db.update(applicationEvents).set({ type: 'FORGED' }).where(eq(applicationEvents.processId, application.processId))).rejects.toThrow();
    await expect(database.db.delete(applicationEvents).where(eq(applicationEvents.processId, application.processId))).rejects.toThrow();
    await expect(database.db.execute(sql`truncate application_events cascade`)).rejects.toThrow();

    const remaining = await database.db.select().from(applicationEvents).where(eq(applicationEvents.processId, application.processId));
    expect(remaining).toHaveLength(1);
  });

  it('refuses an event for an application that does not exist', async () => {
    await expect(
      database.db.insert(applicationEvents).values({
        processId: '00000000-0000-4000-8000-000000000000',
        type: 'APPLICATION_CREATED',
        actor: 'system',
        applicationVersion: 1,
      }),
    ).rejects.toThrow();
  });
});

describe('migration 0030: the service fee invoices issued before', () => {
  const backfill = readFileSync(path.resolve(import.meta.dirname, '../../drizzle/0030_service_fee_invoice.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .find((statement) => /^(--.*\n)*UPDATE/.test(statement));

  it("keeps the latest FEE_INVOICED of the bank as the application's invoice, and leaves the others without one", async () => {
    expect(backfill).toBeDefined();
    const invoiced = await createApplication();
    const notInvoiced = await createApplication();
    const decision = (amountCents: number, dueDate: string) => ({ source: 'BANK', decision: { type: 'FEE_INVOICED', amountCents, dueDate } });
    await database.db.insert(applicationEvents).values([
      { processId: invoiced.processId, type: 'APPLICATION_SUBMITTED', actor: 'EE38001085718', applicationVersion: 2, payload: {} },
      { processId: invoiced.processId, type: 'DECISION_RECORDED', actor: 'bank:core', applicationVersion: 3, payload: decision(15_000, '2026-12-10') },
      { processId: invoiced.processId, type: 'DECISION_RECORDED', actor: 'bank:core', applicationVersion: 4, payload: decision(3500, '2026-12-20') },
      {
        processId: notInvoiced.processId,
        type: 'DECISION_RECORDED',
        actor: 'bank:core',
        applicationVersion: 2,
        payload: { source: 'BANK', decision: { type: 'FEE_PAID' } },
      },
    ]);
    await database.db.execute(sql.raw(backfill ?? ''));
    const rows = await database.db
      .select({ processId: applications.processId, invoice: applications.serviceFeeInvoice })
      .from(applications)
      .where(sql`${applications.processId} in (${invoiced.processId}, ${notInvoiced.processId})`);
    const invoiceOf = (processId: string) => rows.find((row) => row.processId === processId)?.invoice;
    expect(invoiceOf(invoiced.processId)).toEqual({
      amountCents: 3500,
      dueDate: '2026-12-20',
      payee: null,
      issuedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(invoiceOf(notInvoiced.processId)).toBeNull();
  });
});

describe.skipIf(!!process.env.DATABASE_URL)('embedded PGlite on disk', () => {
  it('creates missing parent folders and keeps data across restarts', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'onboarding-db-')), 'nested', 'data');
    const first = await openDatabase({ dataDir });
    await first.db.insert(applications).values({ representativePersonalId: '38001085718', companyName: 'Püsiv OÜ' });
    await first.close();

    const second = await openDatabase({ dataDir });
    const rows = await second.db.select({ companyName: applications.companyName }).from(applications);
    await second.close();
    expect(rows).toEqual([{ companyName: 'Püsiv OÜ' }]);
  });
});

describe.runIf(!!process.env.DATABASE_URL)('PostgreSQL server', () => {
  it('lets several instances start at once: migrations run once, behind a lock', async () => {
    const url = new URL(process.env.DATABASE_URL ?? '');
    const name = `onboarding_concurrent_${Date.now()}`;
    // A plain client: the server's own database is only where new ones are created, never migrated itself.
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    url.pathname = `/${name}`;
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ url: url.toString() })));
    const [first] = instances;
    if (!first) throw new Error('no instance opened');
    const result = await first.db.execute<{ count: string }>(sql`select count(*)::text as count from drizzle.__drizzle_migrations`);
    const journal = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../drizzle/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(Number((result as unknown as { rows: { count: string }[] }).rows[0]?.count)).toBe(journal.entries.length);
    await Promise.all(instances.map((instance) => instance.close()));
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  });
});

/** The database's own refusal under drizzle's wrapper: PostgreSQL's message and SQLSTATE. */
async function refusalOf(query: PromiseLike<unknown>): Promise<{ message: string; code: string } | undefined> {
  try {
    await query;
    return undefined;
  } catch (error) {
    const cause = ((error as { cause?: unknown }).cause ?? error) as { message?: string; code?: string };
    return { message: cause.message ?? '', code: cause.code ?? '' };
  }
}

describe('signing evidence', () => {
  async function contractOf(processId: string) {
    const [contract] = await database.db
      .insert(contracts)
      .values({ processId, applicationVersion: 1, language: 'et', document: Buffer.from('%PDF-1.7'), sha256: 'ab'.repeat(32) })
      .returning();
    if (!contract) throw new Error('insert returned nothing');
    return contract;
  }

  it('keeps contracts and signed sessions as they were written', async () => {
    const application = await createApplication();
    const contract = await contractOf(application.processId);
    const [session] = await database.db
      .insert(signingSessions)
      .values({ processId: application.processId, contractId: contract.id, method: 'ID_CARD', personalId: '38001085718' })
      .returning();
    const sessionId = session?.id ?? '';

    // A running session changes as signing goes on, up to SIGNED.
    await database.db
      .update(signingSessions)
      .set({ status: 'SIGNED', signature: 'c2lnbmF0dXJl', certificate: 'Y2VydA==', signedAt: new Date() })
      .where(eq(signingSessions.id, sessionId));

    // Each refused by the trigger's own words (42501), not by an error in the trigger itself.
    const refused = (table: string, operation: string) => ({ message: `${table} is evidence: ${operation} refused`, code: '42501' });
    expect(await refusalOf(database.db.update(signingSessions).set({ signature: 'Zm9yZ2Vk' }).where(eq(signingSessions.id, sessionId)))).toEqual(
      refused('signing_sessions', 'UPDATE'),
    );
    expect(await refusalOf(database.db.delete(signingSessions).where(eq(signingSessions.id, sessionId)))).toEqual(refused('signing_sessions', 'DELETE'));
    expect(
      await refusalOf(
        database.db
          .update(contracts)
          .set({ document: Buffer.from('forged') })
          .where(eq(contracts.id, contract.id)),
      ),
    ).toEqual(refused('contracts', 'UPDATE'));
    expect(await refusalOf(database.db.delete(contracts).where(eq(contracts.id, contract.id)))).toEqual(refused('contracts', 'DELETE'));
    expect(await refusalOf(database.db.execute(sql`truncate contracts cascade`))).toEqual(refused('contracts', 'TRUNCATE'));
    expect(await refusalOf(database.db.execute(sql`truncate signing_sessions`))).toEqual(refused('signing_sessions', 'TRUNCATE'));

    const [stored] = await database.db.select().from(signingSessions).where(eq(signingSessions.id, sessionId));
    expect(stored?.signature).toBe('c2lnbmF0dXJl');
    const [storedContract] = await database.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(storedContract?.document.toString()).toBe('%PDF-1.7');
  });

  it('lets a contract no signature holds be deleted, never changed; one a signing attempt names stays', async () => {
    const application = await createApplication();
    const unsigned = await contractOf(application.processId);
    const attempted = await contractOf(application.processId);
    await database.db.insert(signingSessions).values({
      processId: application.processId,
      contractId: attempted.id,
      method: 'SMART_ID',
      personalId: '38001085718',
      status: 'FAILED',
      failureCode: 'user_refused',
    });

    expect(
      await refusalOf(
        database.db
          .update(contracts)
          .set({ document: Buffer.from('forged') })
          .where(eq(contracts.id, unsigned.id)),
      ),
    ).toEqual({ message: 'contracts is evidence: UPDATE refused', code: '42501' });
    // The attempt's foreign key keeps its contract: 23503, foreign_key_violation.
    expect((await refusalOf(database.db.delete(contracts).where(eq(contracts.id, attempted.id))))?.code).toBe('23503');
    expect(await refusalOf(database.db.delete(contracts).where(eq(contracts.id, unsigned.id)))).toBeUndefined();

    const left = await database.db.select({ id: contracts.id }).from(contracts).where(eq(contracts.processId, application.processId));
    expect(left).toEqual([{ id: attempted.id }]);
  });
});
