import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.js';
import { idempotentRequests } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/** What a request answered: sent again, as it was, to a repeat of its key. */
export type IdempotentAnswer = { statusCode: number; body: unknown };

/** How long a key is remembered: a client's retries come within minutes; a day covers an outage of its own. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** A key as the Idempotency-Key header brings it: visible ASCII, as long as a UUID or a few of them. */
const KEY = /^[\x21-\x7e]{1,255}$/;

/** The header's key, or a 400 that names the header. */
export function idempotencyKeyOf(header: string | string[] | undefined): string {
  if (typeof header !== 'string' || !KEY.test(header)) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REQUIRED',
      'Send an Idempotency-Key header of 1 to 255 visible ASCII characters; a repeat with the same key gets the first answer.',
    );
  }
  return header;
}

/** What makes two requests under one key the same request: the route, its parameters and its body. */
export const requestHashOf = (parts: unknown): string => createHash('sha256').update(JSON.stringify(parts)).digest('base64url');

/**
 * Runs a write once per client and Idempotency-Key (the IETF httpapi idempotency-key draft; Stripe's practice):
 * the key's row is inserted in the write's own transaction, so the answer is kept exactly when the write is. A
 * concurrent request with the same key waits on the row's unique index until the first commits, then finds its
 * answer. The same key with another request is refused (422), never answered with the first one's result.
 *
 * A refusal by the work (an AppError such as a stale version) is an answer too: it is kept and repeated, and what the
 * work wrote before it threw is rolled back to a savepoint. A rate limit, an outage or anything unexpected rolls
 * everything back, key included, so a retry runs the work again.
 */
export function createIdempotentRequests(db: Db, now: () => Date = () => new Date()) {
  const expiredBefore = () => new Date(now().getTime() - IDEMPOTENCY_KEY_TTL_MS);

  async function firstAnswer(clientId: string, key: string, requestHash: string): Promise<IdempotentAnswer> {
    const [row] = await db
      .select()
      .from(idempotentRequests)
      .where(and(eq(idempotentRequests.clientId, clientId), eq(idempotentRequests.key, key)));
    if (!row) throw new Error('an idempotency key conflicted but its row is gone');
    if (row.requestHash !== requestHash) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another request; use a new key for a new request.');
    }
    return { statusCode: row.statusCode, body: row.body };
  }

  return {
    async once(
      request: { clientId: string; key: string; requestHash: string },
      work: (tx: Executor) => Promise<IdempotentAnswer>,
    ): Promise<IdempotentAnswer & { isRepeat: boolean }> {
      const { clientId, key, requestHash } = request;
      const answer = await db.transaction(async (tx) => {
        // A key past its time is a new request, whether or not the purge has come by yet.
        await tx
          .delete(idempotentRequests)
          .where(and(eq(idempotentRequests.clientId, clientId), eq(idempotentRequests.key, key), lt(idempotentRequests.createdAt, expiredBefore())));
        const claimed = await tx
          .insert(idempotentRequests)
          .values({ clientId, key, requestHash, statusCode: 0, body: {}, createdAt: now() })
          .onConflictDoNothing()
          .returning({ key: idempotentRequests.key });
        if (claimed.length === 0) return undefined;
        const result = await tx
          .transaction(async (savepoint) => work(savepoint))
          .catch((error: unknown) => {
            // A refusal is the request's answer; a rate limit or an outage is the moment's, and a retry may succeed.
            if (error instanceof AppError && error.statusCode < 500 && error.statusCode !== 429) return { statusCode: error.statusCode, body: error.toJSON() };
            throw error;
          });
        await tx
          .update(idempotentRequests)
          .set({ statusCode: result.statusCode, body: result.body })
          .where(and(eq(idempotentRequests.clientId, clientId), eq(idempotentRequests.key, key)));
        return result;
      });
      if (answer) return { ...answer, isRepeat: false };
      return { ...(await firstAnswer(clientId, key, requestHash)), isRepeat: true };
    },

    /** Forgets keys older than the TTL; a later request with one of them is a new request. */
    async purgeExpired(): Promise<number> {
      const removed = await db.delete(idempotentRequests).where(lt(idempotentRequests.createdAt, expiredBefore())).returning({ key: idempotentRequests.key });
      return removed.length;
    },
  };
}

export type IdempotentRequests = ReturnType<typeof createIdempotentRequests>;
