import type { FastifyBaseLogger } from 'fastify';
import { createOutboxPoller, type OutboxPoller } from '../../db/outbox-poller.js';
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

/** Delivers due events every intervalMs; stop() cuts deliveries under way off and hands them back for any instance to send again. */
export type EventSender = OutboxPoller<DeliveryResult>;

export function createEventSender(options: EventSenderOptions): EventSender {
  const { repository, deliver, intervalMs, logger } = options;
  const batchSize = options.batchSize ?? 20;

  async function deliverOne(row: EventRow, signal: AbortSignal): Promise<boolean> {
    if (!deliver) return false;
    const outcome = await deliver({ id: row.eventId, body: JSON.stringify(row.event) }, signal);
    if (outcome.ok) {
      await repository.markDelivered(row.id);
      logger.info({ eventId: row.eventId, type: row.type, attempts: row.attempts }, 'event delivered');
      return true;
    }
    if (signal.aborted) {
      // Cut off by shutdown: the receiver may or may not have it; it goes again, from any instance, at once.
      await repository.release(row);
      return false;
    }
    const nextAttemptAt = await repository.markFailed(row, outcome.error);
    logger.warn({ eventId: row.eventId, type: row.type, attempts: row.attempts, error: outcome.error, nextAttemptAt }, 'event not delivered; retrying later');
    return false;
  }

  async function drain(signal: AbortSignal): Promise<DeliveryResult> {
    const result: DeliveryResult = { delivered: 0, failed: 0 };
    while (!signal.aborted) {
      const batch = await repository.claimDue(batchSize);
      if (batch.length === 0) break;
      // Each claimed event is the oldest pending one of its application: side by side they keep every application's order.
      const outcomes = await Promise.all(batch.map((row) => deliverOne(row, signal)));
      const delivered = outcomes.filter(Boolean).length;
      result.delivered += delivered;
      result.failed += outcomes.length - delivered;
      // Only a delivery can make more events due now (the next of its application); failures wait for their back-off.
      if (delivered === 0) break;
    }
    return result;
  }

  return createOutboxPoller({
    drain,
    nothing: () => ({ delivered: 0, failed: 0 }),
    isEnabled: deliver !== undefined,
    intervalMs,
    logger,
    name: 'event outbox',
  });
}
