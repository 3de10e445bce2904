import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { createEventsModule, type EventsModule, type EventsModuleDependencies } from './events-module.js';

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Events to the bank's systems: enqueue in your transaction, wake the sender after it commits. */
    events: EventsModule;
  }
}

export type EventsPluginOptions = Pick<EventsModuleDependencies, 'config' | 'outboxPolicy' | 'intervalMs'> & { database: Database };

/**
 * Events to the bank's systems: the outbox the other modules add to in their transactions, and the sender that
 * delivers it by webhook (started when the server is ready, stopped before the database closes).
 */
export async function registerEvents(app: FastifyInstance, { database, ...dependencies }: EventsPluginOptions): Promise<EventsModule> {
  const events = createEventsModule({ ...dependencies, db: database.db, logger: app.log.child({ module: 'events' }) });
  app.decorate('events', events);
  app.addHook('onReady', async () => events.sender.start());
  // Registered after the database's own hook, so it runs first: the sender stops before the database closes.
  app.addHook('onClose', async () => events.sender.stop());
  // Where /dev/mailbox is (mail/plugin.ts): simulated mode only.
  if (dependencies.config.IDENTITY_MODE === 'simulated') await app.register(events.devWebhooksRoutes);
  return events;
}
