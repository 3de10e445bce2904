import { randomUUID } from 'node:crypto';
import type { IntegrationEventData, IntegrationEventType } from '@onboarding/domain';
import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.js';
import { claimLeased } from '../../db/outbox-claim.js';
import { eventOutbox } from '../../db/schema.js';
import { retryDelayMs } from './back-off.js';
import { cloudEventOf } from './cloud-event.js';

export type EventRow = typeof eventOutbox.$inferSelect;

/** DELIVERED (a 2xx came back) or PENDING (waiting for its first or next attempt, or under way). Events are never given up. */
export type EventStatus = 'DELIVERED' | 'PENDING';
export type EventEntry = EventRow & { status: EventStatus };

export type EventOutboxPolicy = {
  /**
   * How long a claim keeps other senders off an event: it must outlast one delivery (WEBHOOK_TIMEOUT_MS). A sender
   * that dies mid-delivery holds its events this long, then any instance takes them again.
   */
  leaseMs: number;
  /** Delay after the first failed attempt; it doubles with each further failure, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Up to this share of each delay is taken off at random. */
  jitter: number;
  /** The clock; tests move it or shorten the delays instead of waiting. */
  now: () => Date;
  random: () => number;
};

export const defaultEventOutboxPolicy: EventOutboxPolicy = {
  leaseMs: 60_000,
  retryBaseMs: 5000,
  retryMaxMs: 60 * 60_000,
  jitter: 0.2,
  now: () => new Date(),
  random: Math.random,
};

export type NewEvent<Type extends IntegrationEventType> = {
  processId: string;
  type: Type;
  data: IntegrationEventData[Type];
  /** When it happened; default now. */
  time?: Date;
};

const MAX_ERROR_LENGTH = 1000;

/**
 * Every query on event_outbox. Delivery order is per application: only the
 * oldest undelivered event of an application can be claimed, so the next one
 * goes out after the previous was acknowledged, and never two of one
 * application at once, whichever instances are running.
 *
 * A claim is a lease, not a held lock (docs/decisions/0017-events-outbox-webhooks.md):
 * the claiming transaction locks the due rows with SKIP LOCKED, counts an attempt
 * and pushes next_attempt_at past the lease, and commits before the HTTP call.
 * The oldest event of an application then stays "not due" while it is under way,
 * which keeps the application's later events back too. The attempt count taken
 * at the claim fences the claim: a sender whose lease ran out cannot reschedule
 * an event that another sender has claimed since.
 */
export function createEventsRepository(db: Db, policyOverrides: Partial<EventOutboxPolicy> = {}) {
  const policy: EventOutboxPolicy = { ...defaultEventOutboxPolicy, ...policyOverrides };
  const statusOf = (row: EventRow): EventStatus => (row.deliveredAt ? 'DELIVERED' : 'PENDING');

  return {
    policy,

    /**
     * Adds an event as a CloudEvent with a new id; pass the transaction that writes what the event reports.
     * Resolves to the event's id (the CloudEvent id and the webhook-id).
     */
    async enqueueEvent<Type extends IntegrationEventType>(executor: Executor, event: NewEvent<Type>, source: string): Promise<string> {
      const id = randomUUID();
      const cloudEvent = cloudEventOf({ id, source, type: event.type, processId: event.processId, time: event.time ?? policy.now(), data: event.data });
      await executor.insert(eventOutbox).values({ eventId: id, processId: event.processId, type: event.type, event: cloudEvent, nextAttemptAt: policy.now() });
      return id;
    },

    /** Up to `limit` due events, each the oldest undelivered one of its application, oldest first; each claim counts an attempt. */
    async claimDue(limit: number): Promise<EventRow[]> {
      const now = policy.now();
      const oldestPendingOfItsApplication = sql`(select min(p.id) from ${eventOutbox} p where p.process_id = ${eventOutbox.processId} and p.delivered_at is null)`;
      return claimLeased(db, eventOutbox, {
        due: and(isNull(eventOutbox.deliveredAt), lte(eventOutbox.nextAttemptAt, now), eq(eventOutbox.id, oldestPendingOfItsApplication)),
        orderBy: [asc(eventOutbox.id)],
        limit,
        now,
        leaseMs: policy.leaseMs,
      });
    },

    /** The receiver acknowledged it: delivered, whoever's claim it was (a late acknowledgement is still one). */
    async markDelivered(id: number): Promise<void> {
      await db
        .update(eventOutbox)
        .set({ deliveredAt: policy.now() })
        .where(and(eq(eventOutbox.id, id), isNull(eventOutbox.deliveredAt)));
    },

    /** Records a failed attempt of the claim that counted `attempts`, and schedules the next with back-off and jitter. */
    async markFailed(claimed: Pick<EventRow, 'id' | 'attempts'>, error: string): Promise<Date> {
      const nextAttemptAt = new Date(
        policy.now().getTime() + retryDelayMs(claimed.attempts, { baseMs: policy.retryBaseMs, maxMs: policy.retryMaxMs, jitter: policy.jitter }, policy.random),
      );
      await db
        .update(eventOutbox)
        .set({ lastError: error.slice(0, MAX_ERROR_LENGTH), nextAttemptAt })
        .where(and(eq(eventOutbox.id, claimed.id), eq(eventOutbox.attempts, claimed.attempts), isNull(eventOutbox.deliveredAt)));
      return nextAttemptAt;
    },

    /** Hands a claimed event back at once without counting the attempt (a sender stopping mid-delivery). */
    async release(claimed: Pick<EventRow, 'id' | 'attempts'>): Promise<void> {
      await db
        .update(eventOutbox)
        .set({ attempts: sql`greatest(${eventOutbox.attempts} - 1, 0)`, nextAttemptAt: policy.now() })
        .where(and(eq(eventOutbox.id, claimed.id), eq(eventOutbox.attempts, claimed.attempts), isNull(eventOutbox.deliveredAt)));
    },

    /** Newest first, for the dev page. */
    async listRecent(limit: number): Promise<EventEntry[]> {
      const rows = await db.select().from(eventOutbox).orderBy(desc(eventOutbox.id)).limit(limit);
      return rows.map((row) => ({ ...row, status: statusOf(row) }));
    },

    /** The events of one application, oldest first. */
    async listOf(processId: string): Promise<EventEntry[]> {
      const rows = await db.select().from(eventOutbox).where(eq(eventOutbox.processId, processId)).orderBy(asc(eventOutbox.id));
      return rows.map((row) => ({ ...row, status: statusOf(row) }));
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
