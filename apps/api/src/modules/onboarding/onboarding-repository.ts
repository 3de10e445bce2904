import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.js';
import { applicationEvents, applications, representatives, signingSessions } from '../../db/schema.js';
import type { ApplicationEventRow, ApplicationRow, PersonKey, RepresentativeRow } from './rows.js';

/** What an event's row takes besides its payload (id, process id, type, actor, version, time, tuple header), rounded up. */
export const HISTORY_ROW_BYTES = 96;

/**
 * The onboarding module's reads of applications, their history and representatives, and the representative's own
 * details. An application's state is written by the write path alone (flow/write-path.ts).
 */
export function createOnboardingRepository(db: Db) {
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

    async findRepresentative(person: PersonKey, executor: Executor = db): Promise<RepresentativeRow | undefined> {
      const [row] = await executor
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

    async findApplication(processId: string, executor: Executor = db): Promise<ApplicationRow | undefined> {
      const [row] = await executor.select().from(applications).where(eq(applications.processId, processId));
      return row;
    },

    /** The application as the caller's transaction sees it; locked until that transaction ends, so writes on it queue. */
    async lockApplication(executor: Executor, processId: string): Promise<ApplicationRow | undefined> {
      const [row] = await executor.select().from(applications).where(eq(applications.processId, processId)).for('update');
      return row;
    },

    /** The signer's name as the eID gave it at the latest submission (the submission's facts), if it recorded one. */
    async signerNameOf(executor: Executor, processId: string): Promise<string | undefined> {
      const [event] = await executor
        .select({ payload: applicationEvents.payload })
        .from(applicationEvents)
        .where(and(eq(applicationEvents.processId, processId), eq(applicationEvents.type, 'APPLICATION_SUBMITTED')))
        .orderBy(desc(applicationEvents.id))
        .limit(1);
      const facts = event?.payload.facts as { representative?: { value?: { name?: unknown } } } | undefined;
      const name = facts?.representative?.value?.name;
      return typeof name === 'string' ? name : undefined;
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
    async applicationsOf(
      person: PersonKey,
    ): Promise<Pick<ApplicationRow, 'status' | 'companyRegistryCountryCode' | 'companyRegistryCode' | 'registerFacts'>[]> {
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
  };
}

export type OnboardingRepository = ReturnType<typeof createOnboardingRepository>;
