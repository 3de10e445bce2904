import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.js';
import { claimLeased } from '../../db/outbox-claim.js';
import { mailOutbox } from '../../db/schema.js';
import { mailboxKeyOf } from './mailbox-key.js';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export type NewOutboxMessage = {
  recipient: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  language: string;
  processId?: string | null;
  /** The person who asked for the mail (mail/person-key.ts), for the limits per person. */
  personKey?: string | null;
  attachmentKey?: string | null;
};

/** SENT; PENDING (waiting for its first or next attempt); FAILED (gave up, last_error says why). */
export type OutboxStatus = 'SENT' | 'PENDING' | 'FAILED';

export type OutboxEntry = OutboxRow & { status: OutboxStatus };

export type OutboxPolicy = {
  /**
   * How long a claim keeps other senders off a row. A sender that dies mid-send
   * loses its rows for this long, then another takes them over; it must outlast
   * one batch of sends (the SMTP transport's timeouts are set well below it).
   */
  leaseMs: number;
  /** Delay after the first failed attempt; it doubles with each further failure, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Attempts before a message is given up (about three hours of retries with the defaults). */
  maxAttempts: number;
  /** The clock; tests move it forward instead of waiting for a retry. */
  now: () => Date;
};

export const defaultOutboxPolicy: OutboxPolicy = {
  leaseMs: 5 * 60_000,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  maxAttempts: 10,
  now: () => new Date(),
};

const MAX_ERROR_LENGTH = 1000;

/**
 * Every query on mail_outbox. Status is derived, not stored: sent_at set means
 * sent; attempts at the limit without sent_at means given up; anything else is
 * pending. An attempt is counted when a row is claimed, not when it fails, so a
 * message that crashes its sender is still given up in the end.
 */
export function createOutboxRepository(db: Db, policyOverrides: Partial<OutboxPolicy> = {}) {
  const policy: OutboxPolicy = { ...defaultOutboxPolicy, ...policyOverrides };

  const statusOf = (row: OutboxRow): OutboxStatus => {
    if (row.sentAt) return 'SENT';
    return row.attempts >= policy.maxAttempts ? 'FAILED' : 'PENDING';
  };

  return {
    policy,

    /**
     * Adds a message. Pass the caller's transaction as `executor` so the mail
     * exists only if the caller's own write commits.
     */
    async enqueue(message: NewOutboxMessage, executor: Executor = db): Promise<OutboxRow> {
      const [row] = await executor
        .insert(mailOutbox)
        .values({
          ...message,
          recipientKey: mailboxKeyOf(message.recipient),
          processId: message.processId ?? null,
          personKey: message.personKey ?? null,
          nextAttemptAt: policy.now(),
        })
        .returning();
      if (!row) throw new Error('insert into mail_outbox returned nothing');
      return row;
    },

    /**
     * Takes up to `limit` due messages for this sender, as a lease (claimLeased):
     * concurrent claims (other instances) take other rows, and no one else finds
     * these due until the lease runs out.
     */
    async claimDue(limit: number): Promise<OutboxRow[]> {
      const now = policy.now();
      return claimLeased(db, mailOutbox, {
        due: and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now), lt(mailOutbox.attempts, policy.maxAttempts)),
        orderBy: [asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id)],
        limit,
        now,
        leaseMs: policy.leaseMs,
      });
    },

    async markSent(id: number): Promise<void> {
      await db
        .update(mailOutbox)
        .set({ sentAt: policy.now() })
        .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
    },

    /**
     * Records a failed attempt and schedules the next one with a doubling delay;
     * after the last allowed attempt the message stays as it is, FAILED, with the error kept.
     */
    async markFailed(id: number, error: string): Promise<{ willRetry: boolean; nextAttemptAt: Date | null }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ attempts: mailOutbox.attempts })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)))
          .for('update');
        if (!row) return { willRetry: false, nextAttemptAt: null };
        const lastError = error.slice(0, MAX_ERROR_LENGTH);
        const now = policy.now();
        if (row.attempts >= policy.maxAttempts) {
          await tx.update(mailOutbox).set({ lastError, nextAttemptAt: now }).where(eq(mailOutbox.id, id));
          return { willRetry: false, nextAttemptAt: null };
        }
        const delay = Math.min(policy.retryBaseMs * 2 ** Math.max(row.attempts - 1, 0), policy.retryMaxMs);
        const nextAttemptAt = new Date(now.getTime() + delay);
        await tx.update(mailOutbox).set({ lastError, nextAttemptAt }).where(eq(mailOutbox.id, id));
        return { willRetry: true, nextAttemptAt };
      });
    },

    /**
     * Hands claimed but untried messages back at once (a sender stopping
     * mid-batch), without counting an attempt, so no one waits out the lease.
     */
    async release(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(mailOutbox)
        .set({ attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)`, nextAttemptAt: policy.now() })
        .where(and(inArray(mailOutbox.id, [...ids]), isNull(mailOutbox.sentAt)));
    },

    /**
     * The mail of one template, to one application or one mailbox or asked for by one person, created in
     * the last `windowSeconds` by the database's clock (one clock for every
     * instance): for each, oldest first, the whole seconds until it leaves the window.
     */
    async secondsUntilLeavingWindow(
      filter: { template: string } & ({ processId: string } | { recipientKey: string } | { personKey: string }),
      windowSeconds: number,
      executor: Executor = db,
    ): Promise<number[]> {
      const window = sql`make_interval(secs => ${windowSeconds})`;
      const rows = await executor
        .select({ seconds: sql<number>`ceil(extract(epoch from ${mailOutbox.createdAt} + ${window} - now()))::int` })
        .from(mailOutbox)
        .where(
          and(
            'processId' in filter
              ? eq(mailOutbox.processId, filter.processId)
              : 'personKey' in filter
                ? eq(mailOutbox.personKey, filter.personKey)
                : eq(mailOutbox.recipientKey, filter.recipientKey),
            eq(mailOutbox.template, filter.template),
            gt(mailOutbox.createdAt, sql`now() - ${window}`),
          ),
        )
        .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
      return rows.map((row) => row.seconds);
    },

    /** Newest first, for the dev mailbox. */
    async listRecent(options: { limit: number; recipient?: string | undefined }): Promise<OutboxEntry[]> {
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(options.recipient === undefined ? undefined : eq(mailOutbox.recipient, options.recipient))
        .orderBy(desc(mailOutbox.id))
        .limit(options.limit);
      return rows.map((row) => ({ ...row, status: statusOf(row) }));
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
