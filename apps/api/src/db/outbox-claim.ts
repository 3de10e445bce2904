import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database.js';

/** An outbox table: rows with an id, the attempts made so far, and when the next attempt is due. */
export type OutboxTable = PgTable & { id: PgColumn; attempts: PgColumn; nextAttemptAt: PgColumn };

export type ClaimOptions = {
  /** Which rows are due (besides not being locked by another claim). */
  due: SQL | undefined;
  /** The order in which due rows are taken. */
  orderBy: readonly (PgColumn | SQL)[];
  limit: number;
  now: Date;
  /** How long the claim keeps other senders off the rows. */
  leaseMs: number;
};

/**
 * Claims up to `limit` due rows of an outbox table as a lease, in one
 * transaction: the due rows are locked FOR UPDATE SKIP LOCKED, so concurrent
 * claims (other instances) take other rows rather than wait; each claimed row
 * counts an attempt, and its next_attempt_at is pushed `leaseMs` past now, so
 * once the transaction ends and the locks go no one else finds it due until
 * the lease runs out. The claimed rows, by id.
 */
export async function claimLeased<Table extends OutboxTable>(db: Db, table: Table, options: ClaimOptions): Promise<Table['$inferSelect'][]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: table.id })
      .from(table as PgTable)
      .where(options.due)
      .orderBy(...options.orderBy)
      .limit(options.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = (await tx
      .update(table as PgTable)
      .set({ attempts: sql`${table.attempts} + 1`, nextAttemptAt: new Date(options.now.getTime() + options.leaseMs) } as never)
      .where(
        inArray(
          table.id,
          due.map((row) => row.id),
        ),
      )
      .returning()) as (Table['$inferSelect'] & { id: number })[];
    return claimed.sort((a, b) => a.id - b.id);
  });
}
