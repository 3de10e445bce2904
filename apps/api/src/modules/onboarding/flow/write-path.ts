import { createHash } from 'node:crypto';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, Executor, RunPrepared } from '../../../db/database.js';
import { applicationEvents, applications } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import type { EventsModule } from '../../events/index.js';
import type { MailModule } from '../../mail/index.js';
import type { ApplicationRow } from '../rows.js';
import {
  createdEventPayload,
  type ApplicationChange,
  type ApplicationEvent,
  type Changed,
  type Created,
  type Noted,
  type OutboxRow,
  type Transition,
} from './transitions.js';

/** The mail a transition may send: each template's enqueue (with its send limits), and the sender to wake. */
export type TransitionMail = Pick<
  MailModule,
  | 'enqueueApplicationSubmitted'
  | 'enqueueServiceFeeInvoice'
  | 'enqueueDecisionRecorded'
  | 'enqueueSaveAndContinueLater'
  | 'enqueueCoSigningInvitation'
  | 'enqueueDetailsRequest'
> & {
  sender: Pick<MailModule['sender'], 'wake'>;
};

/** The events to the bank's systems a transition may add, and the sender to wake. */
export type TransitionEvents = Pick<EventsModule, 'enqueueApplicationSubmitted'> & { sender: Pick<EventsModule['sender'], 'wake'> };

export type WritePathOptions = {
  db: Db;
  /** Step and draft saves outside a transaction run as named prepared statements (one round trip each). */
  runPrepared?: RunPrepared;
  mail: TransitionMail;
  events: TransitionEvents;
};

/** `within`: a transaction of the caller's to take part in; the write path then keeps to a savepoint of it. */
export type WriteOptions = { within?: Executor };

const applicationColumns = getTableColumns(applications);

type PreparedUpdate = { name: string; text: string; columns: (keyof ApplicationChange)[] };

/**
 * The statement of a change for one set of changed columns, as text for a named prepared statement: the update under
 * the version check and its event, in one statement (one round trip, no BEGIN/COMMIT). Column names and value
 * encodings come from the drizzle schema, as in the builder's statement.
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

/** Thrown inside the write path's own savepoint or transaction to undo its outbox rows when the version had moved on. */
class VersionMoved extends Error {}

/**
 * The one write path of an application's state: every transition (flow/transitions.ts) is persisted here, its change
 * under the version check, its event in the history and its outbox rows, together or not at all. Nothing else writes
 * an application's status or step (write-path-owner.test.ts keeps it so).
 *
 * Mail is written first (a mail with send limits takes their locks before anything else in the transaction, and a
 * refusal writes nothing), then the application and its event, then the events to the bank's systems (they carry the
 * version written). A transition without outbox rows and outside a caller's transaction is one statement.
 */
export function createWritePath(options: WritePathOptions) {
  const { db, runPrepared, mail, events } = options;
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

  /**
   * Applies a change to the application as `current` shows it, if it still has that version, and records the event,
   * in one statement (so in one round trip, and atomic without a transaction of its own). Undefined means the version
   * had moved on: nothing was written. Otherwise the answer is `current` with the change, which is what was written, as
   * nothing else changed that version: the stored row is not sent back.
   */
  async function changeUnderVersion(
    executor: Executor,
    current: ApplicationRow,
    change: ApplicationChange,
    event: ApplicationEvent,
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
  }

  async function enqueueMail(tx: Executor, row: OutboxRow): Promise<void> {
    if (row.outbox !== 'MAIL') return;
    switch (row.template) {
      case 'APPLICATION_SUBMITTED':
        await mail.enqueueApplicationSubmitted(row.mail, tx);
        return;
      case 'SERVICE_FEE_INVOICE':
        await mail.enqueueServiceFeeInvoice(row.mail, tx);
        return;
      case 'DECISION_RECORDED':
        await mail.enqueueDecisionRecorded(row.mail, tx);
        return;
      case 'SAVE_AND_CONTINUE_LATER':
        await mail.enqueueSaveAndContinueLater(row.mail, tx);
        return;
      case 'CO_SIGNING_INVITATION':
        await mail.enqueueCoSigningInvitation(row.mail, tx);
        return;
      case 'DETAILS_REQUEST':
        await mail.enqueueDetailsRequest(row.mail, tx);
        return;
    }
  }

  async function enqueueEvent(tx: Executor, row: OutboxRow, written: ApplicationRow): Promise<void> {
    if (row.outbox !== 'EVENTS') return;
    await events.enqueueApplicationSubmitted(tx, { ...row.event, version: written.version });
  }

  /** Runs `work` in the caller's transaction (as a savepoint of it) or in a transaction of its own. */
  const inTransaction = <T>(within: Executor | undefined, work: (tx: Executor) => Promise<T>): Promise<T> => (within ?? db).transaction((tx) => work(tx));

  async function create(transition: Created, within: Executor | undefined): Promise<ApplicationRow> {
    return inTransaction(within, async (tx) => {
      // Before the insert: the one open application per company is a unique index.
      if (transition.supersedes) {
        const { person, registryCountryCode, registryCode } = transition.supersedes;
        const superseded = await tx
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
          await tx
            .insert(applicationEvents)
            .values({ processId: row.processId, type: 'APPLICATION_SUPERSEDED', actor: transition.actor, applicationVersion: row.version });
        }
      }
      const [row] = await tx.insert(applications).values(transition.values).returning();
      if (!row) throw new Error('insert into applications returned nothing');
      await tx.insert(applicationEvents).values({
        processId: row.processId,
        type: 'APPLICATION_CREATED',
        actor: transition.actor,
        applicationVersion: row.version,
        payload: createdEventPayload(row),
      });
      return row;
    });
  }

  async function change(transition: Changed, within: Executor | undefined): Promise<ApplicationRow | undefined> {
    const { from, outbox } = transition;
    if (outbox.length === 0 && !within) return changeUnderVersion(db, from, transition.change, transition.event);
    const written = await inTransaction(within, async (tx) => {
      for (const row of outbox) await enqueueMail(tx, row);
      const changed = await changeUnderVersion(tx, from, transition.change, transition.event);
      if (!changed) throw new VersionMoved();
      for (const row of outbox) await enqueueEvent(tx, row, changed);
      return changed;
    }).catch((error: unknown) => {
      if (error instanceof VersionMoved) return undefined;
      throw error;
    });
    if (written && !within) wake(transition);
    return written;
  }

  async function note(transition: Noted, within: Executor | undefined): Promise<ApplicationRow> {
    const { from, reading, event, outbox } = transition;
    const noted = await inTransaction(within, async (tx) => {
      for (const row of outbox) await enqueueMail(tx, row);
      if (reading) await tx.update(applications).set(reading).where(eq(applications.processId, from.processId));
      await tx
        .insert(applicationEvents)
        .values({ processId: from.processId, type: event.type, actor: event.actor, applicationVersion: from.version, payload: event.payload ?? {} });
      for (const row of outbox) await enqueueEvent(tx, row, from);
      return reading ? { ...from, ...reading } : from;
    });
    if (!within) wake(transition);
    return noted;
  }

  /**
   * Persists a transition. A created application is answered as inserted; a change is answered with the application
   * as written, or undefined when the version had moved on (then nothing of it is written, outbox rows included); a
   * noted event with the application as it is. Given `within`, it takes part in that transaction: call `wake` once it
   * committed.
   */
  function write(transition: Created, options?: WriteOptions): Promise<ApplicationRow>;
  function write(transition: Noted, options?: WriteOptions): Promise<ApplicationRow>;
  function write(transition: Changed, options?: WriteOptions): Promise<ApplicationRow | undefined>;
  function write(transition: Transition, options?: WriteOptions): Promise<ApplicationRow | undefined>;
  function write(transition: Transition, options: WriteOptions = {}): Promise<ApplicationRow | undefined> {
    switch (transition.kind) {
      case 'CREATED':
        return create(transition, options.within);
      case 'CHANGED':
        return change(transition, options.within);
      case 'NOTED':
        return note(transition, options.within);
    }
  }

  /** Tells the senders of the outboxes a committed transition wrote to not to wait for their next round. */
  function wake(transition: Transition): void {
    if (transition.kind === 'CREATED') return;
    if (transition.outbox.some((row) => row.outbox === 'MAIL')) mail.sender.wake();
    if (transition.outbox.some((row) => row.outbox === 'EVENTS')) events.sender.wake();
  }

  /**
   * The same, over the application as the client saw it: a client that saw another version, or a change another
   * write got in before, gets 409 STALE_VERSION with the current version, and nothing is written.
   */
  async function writeOrConflict(transition: Changed | Noted, version: number, options: WriteOptions = {}): Promise<ApplicationRow> {
    const { from } = transition;
    if (from.version !== version) throw new AppError('STALE_VERSION', { currentVersion: from.version });
    const written = await write(transition, options);
    if (written) return written;
    const [current] = await (options.within ?? db)
      .select({ version: applications.version })
      .from(applications)
      .where(eq(applications.processId, from.processId));
    throw new AppError('STALE_VERSION', { currentVersion: current?.version });
  }

  return { write, writeOrConflict, wake };
}

export type WritePath = ReturnType<typeof createWritePath>;
