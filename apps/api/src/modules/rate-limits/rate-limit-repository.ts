import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { rateLimitCounters } from '../../db/schema.js';

export type Hit = { hits: number; msUntilReset: number };

/**
 * Fixed-window counters in the database, so that every instance on one
 * PostgreSQL counts against the same limit. One statement per request: the
 * upsert is atomic, so concurrent requests on any instance each get their own
 * count. Times are the database's, so instances with drifting clocks agree.
 */
export function createRateLimitRepository(db: Db) {
  return {
    /** Counts one request against `key`; a window that has ended starts again at 1. */
    async hit(key: string, windowMs: number): Promise<Hit> {
      const resetsAt = sql`now() + ${windowMs} * interval '1 millisecond'`;
      const hasExpired = sql`${rateLimitCounters.resetsAt} <= now()`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, hits: 1, resetsAt })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            hits: sql`case when ${hasExpired} then 1 else ${rateLimitCounters.hits} + 1 end`,
            resetsAt: sql`case when ${hasExpired} then excluded.resets_at else ${rateLimitCounters.resetsAt} end`,
          },
        })
        .returning({
          hits: rateLimitCounters.hits,
          msUntilReset: sql<string>`ceil(extract(epoch from (${rateLimitCounters.resetsAt} - now())) * 1000)`,
        });
      if (!row) throw new Error('The rate-limit counter was not written.');
      return { hits: row.hits, msUntilReset: Math.max(0, Number(row.msUntilReset)) };
    },

    /** Removes counters whose window has ended; they would restart at 1 anyway. */
    async purgeExpired(): Promise<number> {
      const removed = await db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.resetsAt, sql`now()`))
        .returning({ key: rateLimitCounters.key });
      return removed.length;
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
