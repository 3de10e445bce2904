import {
  APPLICATION_SUBMITTED_EVENT,
  DECISION_RECORDED_EVENT,
  type ApplicationSubmittedData,
  type DecisionRecordedData,
  type IntegrationEventType,
} from '@onboarding/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/database.js';
import { integrationBaseOf, integrationLinksOf } from './cloud-event.js';
import { createDevWebhooksRoutes } from './dev-webhooks-routes.js';
import { createEventSender, type EventLogger, type EventSender } from './event-sender.js';
import { createEventsRepository, type EventOutboxPolicy, type EventsRepository, type NewEvent } from './events-repository.js';
import { createWebhookDelivery, type DeliverWebhook } from './webhook-delivery.js';
import { resolveWebhookSecret } from './webhook-secret.js';

export type EventsModuleConfig = Pick<Config, 'WEBHOOK_URL' | 'WEBHOOK_SECRET' | 'WEBHOOK_TIMEOUT_MS' | 'PUBLIC_URL' | 'IDENTITY_MODE' | 'dataDir'>;

export type EventsModuleDependencies = {
  config: EventsModuleConfig;
  db: Db;
  logger: EventLogger;
  /** Lease, back-off, jitter and clock of the outbox (tests: short retries). */
  outboxPolicy?: Partial<EventOutboxPolicy>;
  /** How often an idle sender looks for due events (default one second). */
  intervalMs?: number;
};

/** What a submission reports; the links and the time come from here. */
export type ApplicationSubmittedEventInput = Omit<ApplicationSubmittedData, 'links' | 'submittedAt'> & { submittedAt: Date };

/**
 * What a recorded decision reports.
 * - `processId`, `applicationNumber`: the application's.
 * - `decision`: the Decision as recorded (packages/domain schemas/decisions.ts).
 * - `status`, `version`: the application's status and version after the decision was written (in the same transaction).
 * - `recordedBy`: the OAuth client id of the bank system that recorded it.
 * - `recordedAt`: when it was recorded (the CloudEvent's time); default now.
 */
export type DecisionRecordedEventInput = DecisionRecordedData & { recordedAt?: Date };

export type EventsModule = {
  repository: EventsRepository;
  sender: EventSender;
  /** The signing secret in use (WEBHOOK_SECRET or the simulated one); undefined in live mode without a webhook. */
  secret: string | undefined;
  /**
   * Adds an event to the outbox in the caller's transaction `tx`, so it exists only if what it reports commits.
   * Resolves to the event's id. Call `sender.wake()` after the transaction commits.
   */
  enqueueEvent<Type extends IntegrationEventType>(tx: Executor, event: NewEvent<Type>): Promise<string>;
  /** `ee.onboarding.application.submitted.v1`, in the transaction that submits the application. */
  enqueueApplicationSubmitted(tx: Executor, submission: ApplicationSubmittedEventInput): Promise<string>;
  /**
   * `ee.onboarding.application.decision-recorded.v1`, in the transaction `tx` that records the decision (and writes
   * the application's new status and version). Resolves to the event id; call `sender.wake()` once `tx` committed.
   */
  enqueueDecisionRecorded(tx: Executor, decision: DecisionRecordedEventInput): Promise<string>;
  /** GET /dev/webhooks and /dev/webhooks/events.json; register only where /dev/mailbox is (simulated mode). */
  devWebhooksRoutes: FastifyPluginAsync;
};

/** Polling is one cheap query on a partial index; a wake after each commit makes delivery prompt anyway. */
const DEFAULT_INTERVAL_MS = 1000;
/** A lease outlasts one delivery (the HTTP timeout) with this to spare for the database writes around it. */
const LEASE_MARGIN_MS = 30_000;

/**
 * Events to the bank's systems (docs/design.md "Hand-off"): a database outbox written
 * in the transaction of what each event reports, delivered by webhook as
 * CloudEvents signed per Standard Webhooks, at least once and in order per
 * application, by any number of instances. Without WEBHOOK_URL nothing is sent
 * and events stay in the outbox (shown at /dev/webhooks in simulated mode).
 */
export function createEventsModule(dependencies: EventsModuleDependencies): EventsModule {
  const { config, db, logger } = dependencies;
  const repository = createEventsRepository(db, { leaseMs: config.WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS, ...dependencies.outboxPolicy });
  const secret = resolveWebhookSecret({ secret: config.WEBHOOK_SECRET, isSimulated: config.IDENTITY_MODE === 'simulated', dataDir: config.dataDir });
  const deliver: DeliverWebhook | undefined =
    config.WEBHOOK_URL && secret ? createWebhookDelivery({ url: config.WEBHOOK_URL, secret, timeoutMs: config.WEBHOOK_TIMEOUT_MS }) : undefined;
  const sender = createEventSender({ repository, deliver, intervalMs: dependencies.intervalMs ?? DEFAULT_INTERVAL_MS, logger });
  const source = integrationBaseOf(config.PUBLIC_URL);

  const enqueueEvent: EventsModule['enqueueEvent'] = (tx, event) => repository.enqueueEvent(tx, event, source);

  return {
    repository,
    sender,
    secret,
    enqueueEvent,
    enqueueApplicationSubmitted: (tx, submission) =>
      enqueueEvent(tx, {
        processId: submission.processId,
        type: APPLICATION_SUBMITTED_EVENT,
        time: submission.submittedAt,
        data: { ...submission, submittedAt: submission.submittedAt.toISOString(), links: integrationLinksOf(config.PUBLIC_URL, submission.processId) },
      }),
    enqueueDecisionRecorded: (tx, { recordedAt, ...data }) =>
      enqueueEvent(tx, { processId: data.processId, type: DECISION_RECORDED_EVENT, ...(recordedAt ? { time: recordedAt } : {}), data }),
    devWebhooksRoutes: createDevWebhooksRoutes(repository, { url: config.WEBHOOK_URL, secret }),
  };
}
