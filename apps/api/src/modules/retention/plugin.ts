import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { purgeAll, type RetentionRule } from './purge.js';

export const retentionRuleOf = (config: Config): RetentionRule => ({
  abandonedDays: config.RETENTION_ABANDONED_DAYS,
  operationalDays: config.RETENTION_OPERATIONAL_DAYS,
});

/**
 * The retention purge, run by every instance each RETENTION_PURGE_INTERVAL_MINUTES; an advisory lock lets one
 * purge at a time, the others skip their turn. 0 turns it off (then `npm run purge` does it).
 */
export type RetentionPluginOptions = { config: Config; database: Database };

export function registerRetention(app: FastifyInstance, { config, database }: RetentionPluginOptions): void {
  if (config.RETENTION_PURGE_INTERVAL_MINUTES === 0) return;
  const rule = retentionRuleOf(config);
  let running: Promise<void> | null = null;
  const purge = () => {
    if (running) return;
    running = purgeAll(database.db, rule)
      .then((counts) => {
        if (counts) app.log.info({ purged: counts }, 'retention purge done');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'retention purge failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(purge, config.RETENTION_PURGE_INTERVAL_MINUTES * 60_000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // A purge under way finishes its transaction before the database closes.
    await running;
  });
}
