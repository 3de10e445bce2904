import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { clientAssertions } from '../../db/schema.js';

/** The jti of every client assertion until it expires (RFC 7523 section 3 item 7): each is good once, on every instance. */
export function createAssertionRepository(db: Db) {
  return {
    /** Records the assertion; false when its jti was used already (a replay). */
    async recordOnce(clientId: string, jti: string, expiresAt: Date): Promise<boolean> {
      const inserted = await db.insert(clientAssertions).values({ clientId, jti, expiresAt }).onConflictDoNothing().returning({ jti: clientAssertions.jti });
      return inserted.length === 1;
    },

    /** Forgets assertions past their expiry: jose refuses them anyway, so their jti need not be kept. */
    async purgeExpired(now: Date = new Date()): Promise<number> {
      const deleted = await db
        .delete(clientAssertions)
        .where(lt(clientAssertions.expiresAt, sql`${now.toISOString()}::timestamptz`))
        .returning({ jti: clientAssertions.jti });
      return deleted.length;
    },
  };
}

export type AssertionRepository = ReturnType<typeof createAssertionRepository>;
