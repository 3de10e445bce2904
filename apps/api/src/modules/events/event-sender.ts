import type { FastifyBaseLogger } from 'fastify';
import type { EventRow, EventsRepository } from './events-repository.js';
import type { DeliverWebhook } from './webhook-delivery.js';

export type EventLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type DeliveryResult = { delivered: number; failed: number };

export type EventSenderOptions = {
  repository: Pick<EventsRepository, 'claimDue' | 'markDelivered' | 'markFailed' | 'release'>;
  /** Undefined when WEBHOOK_URL is unset: nothing is sent and events stay in the outbox. */
  deliver: DeliverWebhook | undefined;
  intervalMs: number;
  logger: EventLogger;
  /** Events claimed at a time, each of another application, delivered side by side. */
  batchSize?: number;
};

export type EventSender = {
  /** Delivers due events now and then every intervalMs; nothing when there is no webhook. */
  start(): void;
  /** No new claims; deliveries under way are cut off and handed back for any instance to send again. */
  stop(): Promise<void>;
  /** Delivers everything due now and resolves when done; runs after any delivery already under way. */
  flush(): Promise<DeliveryResult>;
  /** Starts a flush without waiting (e.g. right after a transaction enqueued an event committed); errors are logged. */
  wake(): void;
};

export function createEventSender(options: EventSenderOptions): EventSender {
  const { repository, deliver, intervalMs, logger } = options;
  const batchSize = options.batchSize ?? 20;
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let isStarted = false;
  // One flush at a time per instance: ticks never pile up, and stop() has one promise to wait for.
  let queue: Promise<unknown> = Promise.resolve();

  async function deliverOne(row: EventRow): Promise<boolean> {
    if (!deliver) return false;
    const outcome = await deliver({ id: row.eventId, body: JSON.stringify(row.event) }, stopping.signal);
    if (outcome.ok) {
      await repository.markDelivered(row.id);
      logger.info({ eventId: row.eventId, type: row.type, attempts: row.attempts }, 'event delivered');
      return true;
    }
    if (stopping.signal.aborted) {
      // Cut off by shutdown: the receiver may or may not have it; it goes again, from any instance, at once.
      await repository.release(row);
      return false;
    }
    const nextAttemptAt = await repository.markFailed(row, outcome.error);
    logger.warn({ eventId: row.eventId, type: row.type, attempts: row.attempts, error: outcome.error, nextAttemptAt }, 'event not delivered; retrying later');
    return false;
  }

  async function drain(): Promise<DeliveryResult> {
    const result: DeliveryResult = { delivered: 0, failed: 0 };
    if (!deliver) return result;
    while (!stopping.signal.aborted) {
      const batch = await repository.claimDue(batchSize);
      if (batch.length === 0) break;
      // Each claimed event is the oldest pending one of its application: side by side they keep every application's order.
      const outcomes = await Promise.all(batch.map(deliverOne));
      const delivered = outcomes.filter(Boolean).length;
      result.delivered += delivered;
      result.failed += outcomes.length - delivered;
      // Only a delivery can make more events due now (the next of its application); failures wait for their back-off.
      if (delivered === 0) break;
    }
    return result;
  }

  function flush(): Promise<DeliveryResult> {
    const run = queue.then(drain);
    queue = run.catch(() => undefined);
    return run;
  }

  function schedule(delayMs: number): void {
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => void tick(), delayMs);
    // The sender alone must not keep the process alive (server shutdown, tests).
    timer.unref();
  }

  async function tick(): Promise<void> {
    try {
      await flush();
    } catch (error) {
      logger.error({ err: error }, 'event outbox could not be read; retrying at the next interval');
    }
    schedule(intervalMs);
  }

  return {
    start() {
      if (!deliver || isStarted || stopping.signal.aborted) return;
      isStarted = true;
      schedule(0);
    },

    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await queue;
    },

    flush,

    wake() {
      if (!deliver || stopping.signal.aborted) return;
      flush().catch((error: unknown) => logger.error({ err: error }, 'event outbox could not be read'));
    },
  };
}
