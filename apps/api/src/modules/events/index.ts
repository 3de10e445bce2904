/**
 * The events module's entry: what the other modules may use of it. The event outbox is the events module's; the
 * others add an event through EventsModule (in their transaction) and never reach its repository. Wired in app.ts by
 * plugin.ts.
 */
export {
  createEventsModule,
  type ApplicationSubmittedEventInput,
  type DecisionRecordedEventInput,
  type EventsModule,
  type EventsModuleConfig,
  type EventsModuleDependencies,
} from './events-module.js';
export { DEV_WEBHOOKS_PATH } from './dev-webhooks-routes.js';
export type { DeliveryResult, EventLogger, EventSender } from './event-sender.js';
export type { EventEntry, EventOutboxPolicy, EventRow, EventStatus } from './events-repository.js';
export type { DeliverWebhook, DeliveryOutcome } from './webhook-delivery.js';
