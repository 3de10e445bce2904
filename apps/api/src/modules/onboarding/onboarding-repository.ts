import { createHash } from 'node:crypto';
import { and, desc, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import type { Db, RunPrepared } from '../../db/database.js';
import { applicationEvents, applications, representatives, signingSessions } from '../../db/schema.js';

export type ApplicationRow = typeof applications.$inferSelect;
export type RepresentativeRow = typeof representatives.$inferSelect;
export type PersonKey = { personalId: string; personalIdCountryCode: string };

/** A transaction or the database itself: repository calls take part in the caller's transaction. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

export type ApplicationChange = Partial<
  Pick<ApplicationRow, 'stepData' | 'drafts' | 'currentStep' | 'status' | 'submittedAt' | 'followUp' | 'companyName' | 'registerFacts' | 'registerQueriedAt' | 'submittedDiscrepancies' | 'reopenedSteps'>
>;
export type ApplicationEventRow = typeof applicationEvents.$inferSelect;

const applicationColumns = getTableColumns(applications);

/** What an event's row takes besides its payload (id, process id, type, actor, version, time, tuple header), rounded up. */
export const HISTORY_ROW_BYTES = 96;

type PreparedUpdate = { name: string; text: string; columns: (keyof ApplicationChange)[] };

/**
 * The statement of updateApplication for one set of changed columns, as text for a named prepared statement:
 * the update under the version check and its event, in one statement (one round trip, no BEGIN/COMMIT).
 * Column names and value encodings come from the drizzle schema, as in the builder's statement.
 */
function preparedUpdateOf(columns: (keyof ApplicationChange)[]): PreparedUpdate {
  const set = columns.map((key, index) => `"${applicationColumns[key].name}" = $${String(index + 1)}`);
  const next = (offset: number) => `$${String(columns.length + offset)}`;
  const text = `with updated as (
    update "applications" set ${[...set, '"version" = "version" + 1', `"updated_at" = ${next(1)}`].join(', ')}
    where "process_id" = ${next(2)} and "version" = ${next(3)}
    returning "process_id", "version")
  insert into "application_events" ("process_id", "type", "actor", "application_version", "payload")
  select "process_id", ${next(4)}::text, ${next(5)}::text, "version", ${next(6)}::jsonb from updated
  returning "application_version"`;
  // PostgreSQL keeps at most 63 bytes of a statement's name.
  const name = `onboarding_update_${createHash('sha256').update(columns.join(',')).digest('hex').slice(0, 16)}`;
  return { name, text, columns };
}

/**
 * Every query of the onboarding module; nothing else in it touches SQL. With runPrepared, the saves outside a
 * transaction (every step and draft save) run as named prepared statements.
 */
export function createOnboardingRepository(db: Db, runPrepared?: RunPrepared) {
  const preparedUpdates = new Map<string, PreparedUpdate>();
  const preparedUpdateFor = (columns: (keyof ApplicationChange)[]): PreparedUpdate => {
    const key = columns.join(',');
    let prepared = preparedUpdates.get(key);
    if (!prepared) {
      prepared = preparedUpdateOf(columns);
      preparedUpdates.set(key, prepared);
    }
    return prepared;
  };

  // Every read and save of an application starts here: prepared once, not built again per call.
  const ownedApplication = db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.processId, sql.placeholder('processId')),
        eq(applications.representativePersonalId, sql.placeholder('personalId')),
        eq(applications.representativeCountryCode, sql.placeholder('countryCode')),
      ),
    )
    .prepare('onboarding_owned_application');

  return {
    db,

    async findRepresentative(person: PersonKey): Promise<RepresentativeRow | undefined> {
      const [row] = await db
        .select()
        .from(representatives)
        .where(and(eq(representatives.personalId, person.personalId), eq(representatives.personalIdCountryCode, person.personalIdCountryCode)));
      return row;
    },

    /** Saves what the person gave; another e-mail address than the saved one is not confirmed until its code comes back. */
    async saveRepresentative(person: PersonKey, values: { email: string; phone: string; language: string; consentedAt: Date }): Promise<RepresentativeRow> {
      const [row] = await db
        .insert(representatives)
        .values({ ...person, ...values })
        .onConflictDoUpdate({
          target: [representatives.personalId, representatives.personalIdCountryCode],
          set: {
            ...values,
            emailConfirmedAt: sql`case when ${representatives.email} = excluded.email then ${representatives.emailConfirmedAt} else null end`,
            updatedAt: new Date(),
          },
        })
        .returning();
      if (!row) throw new Error('upsert into representatives returned nothing');
      return row;
    },

    async findApplication(processId: string): Promise<ApplicationRow | undefined> {
      const [row] = await db.select().from(applications).where(eq(applications.processId, processId));
      return row;
    },

    /**
     * The application if this person started it. The owner is part of the query, so another
     * representative's application reads no row, exactly as a missing one does: loading its row
     * (step data, drafts) only to refuse it took measurably longer (found by the access-matrix suite).
     */
    async findOwnedApplication(processId: string, person: PersonKey): Promise<ApplicationRow | undefined> {
      const [row] = await ownedApplication.execute({ processId, personalId: person.personalId, countryCode: person.personalIdCountryCode });
      return row;
    },

    /** The person's own applications, each with its company and the register card it holds (the register look-ups' scope). */
    async applicationsOf(person: PersonKey): Promise<Pick<ApplicationRow, 'status' | 'companyRegistryCountryCode' | 'companyRegistryCode' | 'registerFacts'>[]> {
      return db
        .select({
          status: applications.status,
          companyRegistryCountryCode: applications.companyRegistryCountryCode,
          companyRegistryCode: applications.companyRegistryCode,
          registerFacts: applications.registerFacts,
        })
        .from(applications)
        .where(and(eq(applications.representativePersonalId, person.personalId), eq(applications.representativeCountryCode, person.personalIdCountryCode)))
        .orderBy(applications.createdAt);
    },

    /** Applications for one company (any representative), newest first. */
    async applicationsForCompany(registryCountryCode: string, registryCode: string): Promise<ApplicationRow[]> {
      return db
        .select()
        .from(applications)
        .where(and(eq(applications.companyRegistryCountryCode, registryCountryCode), eq(applications.companyRegistryCode, registryCode)))
        .orderBy(desc(applications.createdAt));
    },

    /** Whether the application's contract has been signed: its signed contract can then be downloaded. */
    async hasSignedContract(processId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: signingSessions.id })
        .from(signingSessions)
        .where(and(eq(signingSessions.processId, processId), eq(signingSessions.status, 'SIGNED')))
        .limit(1);
      return row !== undefined;
    },

    /** The representative's latest in-progress application without a registry code since `since` (the 30-day rule). */
    async latestRegistryCodelessApplication(person: PersonKey, since: Date): Promise<ApplicationRow | undefined> {
      const [row] = await db
        .select()
        .from(applications)
        .where(
          and(
            eq(applications.representativePersonalId, person.personalId),
            eq(applications.representativeCountryCode, person.personalIdCountryCode),
            isNull(applications.companyRegistryCode),
            gt(applications.createdAt, since),
            sql`${applications.status} in ('IN_PROGRESS', 'SUBMITTED')`,
          ),
        )
        .orderBy(desc(applications.createdAt))
        .limit(1);
      return row;
    },

    /** How many applications for companies typed by hand the person has in progress. */
    async openManualApplicationCount(person: PersonKey): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(applications)
        .where(
          and(
            eq(applications.representativePersonalId, person.personalId),
            eq(applications.representativeCountryCode, person.personalIdCountryCode),
            eq(applications.companySource, 'MANUAL'),
            eq(applications.status, 'IN_PROGRESS'),
          ),
        );
      return row?.count ?? 0;
    },

    /** Creates an application and its first event, and whatever else the caller adds, in one transaction. */
    async createApplication(
      values: typeof applications.$inferInsert,
      actor: string,
      alsoInTransaction: (tx: Executor) => Promise<void> = async () => undefined,
    ): Promise<ApplicationRow> {
      return db.transaction(async (tx) => {
        await alsoInTransaction(tx);
        const [row] = await tx.insert(applications).values(values).returning();
        if (!row) throw new Error('insert into applications returned nothing');
        await tx.insert(applicationEvents).values({
          processId: row.processId,
          type: 'APPLICATION_CREATED',
          actor,
          applicationVersion: row.version,
          // The company as fixed at creation, and where it came from.
          payload: {
            source: row.companySource === 'REGISTER' ? 'REGISTER' : 'APPLICANT',
            companySource: row.companySource,
            businessName: row.companyName,
            registryCode: row.companyRegistryCode,
            registryCountryCode: row.companyRegistryCountryCode,
            legalForm: row.companyLegalForm,
            registerQueriedAt: row.registerQueriedAt?.toISOString() ?? null,
          },
        });
        return row;
      });
    },

    /**
     * Applies a change to the application as `current` shows it, if it still has that version, and records
     * the event, in one statement (so in one round trip, and atomic without a transaction of its own); it
     * takes part in the caller's transaction when given one. Undefined means the version had moved on:
     * nothing was written. Otherwise the answer is `current` with the change, which is what was written,
     * as nothing else changed that version: the stored row is not sent back.
     */
    async updateApplication(
      executor: Executor,
      current: ApplicationRow,
      change: ApplicationChange,
      event: { type: string; actor: string; payload?: Record<string, unknown> },
    ): Promise<ApplicationRow | undefined> {
      const updatedAt = new Date();
      if (executor === db && runPrepared) {
        // As drizzle's set(): an undefined value leaves its column alone; null is written as NULL.
        const columns = (Object.keys(change) as (keyof ApplicationChange)[]).filter((key) => change[key] !== undefined).sort();
        const statement = preparedUpdateFor(columns);
        const values = columns.map((key) => (change[key] === null ? null : applicationColumns[key].mapToDriverValue(change[key])));
        const [written] = await runPrepared<{ application_version: number }>(statement.name, statement.text, [
          ...values,
          applicationColumns.updatedAt.mapToDriverValue(updatedAt),
          current.processId,
          current.version,
          event.type,
          event.actor,
          JSON.stringify(event.payload ?? {}),
        ]);
        if (!written) return undefined;
        return { ...current, ...change, version: written.application_version, updatedAt };
      }
      const update = executor
        .update(applications)
        .set({ ...change, version: sql`${applications.version} + 1`, updatedAt })
        .where(and(eq(applications.processId, current.processId), eq(applications.version, current.version)))
        .returning({ processId: applications.processId, version: applications.version });
      const result = await executor.execute(sql`
        with updated as (${update.getSQL()})
        insert into ${applicationEvents} ("process_id", "type", "actor", "application_version", "payload")
        select "process_id", ${event.type}::text, ${event.actor}::text, "version", ${JSON.stringify(event.payload ?? {})}::jsonb from updated
        returning "application_version"`);
      // node-postgres and PGlite both answer { rows }; drizzle's execute() leaves the type to the driver.
      const [written] = (result as unknown as { rows: { application_version: number }[] }).rows;
      if (!written) return undefined;
      return { ...current, ...change, version: written.application_version, updatedAt };
    },

    /** Records an event about the application as it is, changing nothing: its version stays, so a contract drawn up from it still holds. */
    async recordEvent(executor: Executor, application: ApplicationRow, event: { type: string; actor: string; payload?: Record<string, unknown> }): Promise<void> {
      await executor.insert(applicationEvents).values({
        processId: application.processId,
        type: event.type,
        actor: event.actor,
        applicationVersion: application.version,
        payload: event.payload ?? {},
      });
    },

    /**
     * A register reading that found nothing new: its time (and the card, when the application had none) is kept and
     * the check recorded, without a new version, so a contract drawn up from the application still holds.
     */
    async recordRegisterCheck(application: ApplicationRow, reading: Pick<ApplicationRow, 'registerFacts' | 'registerQueriedAt'>): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(applications).set(reading).where(eq(applications.processId, application.processId));
        await tx.insert(applicationEvents).values({
          processId: application.processId,
          type: 'REGISTER_CHECKED',
          actor: 'register',
          applicationVersion: application.version,
          payload: { source: 'REGISTER', queriedAt: reading.registerQueriedAt?.toISOString() ?? null },
        });
      });
    },

    /**
     * The bytes the application's history takes: each event's payload as stored (pg_column_size reads the stored
     * size without unpacking it) plus HISTORY_ROW_BYTES for the rest of its row, so many small rows count too.
     */
    async historyBytes(processId: string): Promise<number> {
      const [row] = await db
        .select({ bytes: sql<string>`coalesce(sum(pg_column_size(${applicationEvents.payload})), 0) + count(*) * ${HISTORY_ROW_BYTES}` })
        .from(applicationEvents)
        .where(eq(applicationEvents.processId, processId));
      return Number(row?.bytes ?? 0);
    },

    /** The application's events in the order they happened. */
    async eventsOf(processId: string): Promise<ApplicationEventRow[]> {
      return db.select().from(applicationEvents).where(eq(applicationEvents.processId, processId)).orderBy(applicationEvents.id);
    },

    /** Marks the representative's in-progress manual application for the same company as superseded. */
    async supersedeManualApplications(executor: Executor, person: PersonKey, registryCountryCode: string, registryCode: string, actor: string): Promise<void> {
      const superseded = await executor
        .update(applications)
        .set({ status: 'SUPERSEDED', version: sql`${applications.version} + 1`, updatedAt: new Date() })
        .where(
          and(
            eq(applications.representativePersonalId, person.personalId),
            eq(applications.representativeCountryCode, person.personalIdCountryCode),
            eq(applications.companySource, 'MANUAL'),
            eq(applications.companyRegistryCountryCode, registryCountryCode),
            eq(applications.companyRegistryCode, registryCode),
            eq(applications.status, 'IN_PROGRESS'),
          ),
        )
        .returning({ processId: applications.processId, version: applications.version });
      for (const row of superseded) {
        await executor.insert(applicationEvents).values({ processId: row.processId, type: 'APPLICATION_SUPERSEDED', actor, applicationVersion: row.version });
      }
    },
  };
}

export type OnboardingRepository = ReturnType<typeof createOnboardingRepository>;
