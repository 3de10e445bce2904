import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { createMailModule, type MailModule, type MailModuleDependencies } from './mail-module.js';

export type MailPluginOptions = Pick<MailModuleDependencies, 'config' | 'transport' | 'outboxPolicy' | 'isIdCardSignInOffered'> & {
  database: Database;
  /** Simulated mode: the outbox is shown at /dev/mailbox. */
  isSimulated: boolean;
};

/**
 * Mail to the applicants: the outbox the other modules add to in their transactions, and the sender that delivers it
 * (started when the server is ready, stopped before the database closes).
 */
export async function registerMail(app: FastifyInstance, { database, isSimulated, ...dependencies }: MailPluginOptions): Promise<MailModule> {
  const mail = createMailModule({ ...dependencies, db: database.db, logger: app.log.child({ module: 'mail' }) });
  app.addHook('onReady', async () => mail.sender.start());
  // Registered after the database's own hook, so it runs first: the sender stops before the database closes.
  app.addHook('onClose', async () => mail.sender.stop());
  if (isSimulated) await app.register(mail.devMailboxRoutes);
  return mail;
}
