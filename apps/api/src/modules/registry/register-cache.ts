import { createHash } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { registerAnswers } from '../../db/schema.js';
import type { RikAnswer, RikClient, RikEvidence } from './rik/client.js';
import type { RikField } from './rik/soap.js';
import { NO_REGISTER_METRICS, type RegisterMetrics } from './register-metrics.js';

/**
 * How long the person's list of companies (esindus_v2) is reused: one journey asks it for the list, the choice and
 * every look-up's scope within a minute or two, while a representation right withdrawn must not be honoured for
 * long. The cards are reused for the whole freshness window instead (docs/decisions/0035).
 */
export const COMPANY_LIST_REUSE_MS = 60_000;

export type RegisterCacheOptions = {
  db: Db;
  /** How long an answer of the operation is reused, from its query time; 0 or less: always asked. */
  reuseMsOf: (operation: string) => number;
  now?: () => Date;
  metrics?: RegisterMetrics;
};

/** The freshness window for the cards and the owners, and the short one for a person's list (docs/decisions/0035). */
export const reuseOfOperations =
  (factsMaxAgeMs: number) =>
  (operation: string): number =>
    operation === 'esindus_v2' ? Math.min(COMPANY_LIST_REUSE_MS, factsMaxAgeMs) : factsMaxAgeMs;

// The fields hold personal codes: the key is their digest, the answer (which names the persons anyway) is the row.
const keyOf = (operation: string, fields: readonly RikField[]) =>
  createHash('sha256')
    .update(JSON.stringify([operation, fields]))
    .digest('hex');

/**
 * The client with the register's answers kept in the database, shared by every instance on it: a query asked again
 * within its reuse time is answered from the row, with the evidence (and query time) of the answer that was given.
 * Only answers are kept; a failure is asked again next time. The same query asked twice at once on one instance is
 * sent once.
 */
export function cachedClient(client: RikClient, options: RegisterCacheOptions): RikClient {
  const { db, reuseMsOf } = options;
  const now = options.now ?? (() => new Date());
  const metrics = options.metrics ?? NO_REGISTER_METRICS;
  const inFlight = new Map<string, Promise<RikAnswer>>();

  const ask = async (key: string, operation: string, fields: readonly RikField[], reuseMs: number): Promise<RikAnswer> => {
    const [kept] = await db
      .select({ answer: registerAnswers.answer, queriedAt: registerAnswers.queriedAt })
      .from(registerAnswers)
      .where(and(eq(registerAnswers.key, key), gt(registerAnswers.queriedAt, new Date(now().getTime() - reuseMs))))
      .limit(1);
    if (kept) {
      metrics.cache(operation, 'hit');
      // The row's query time is the one its freshness was judged by: the answer says the same.
      const evidence = { ...(kept.answer as unknown as RikEvidence), queriedAt: kept.queriedAt.toISOString() };
      return { keha: evidence.keha, evidence };
    }
    metrics.cache(operation, 'miss');
    const answer = await client.call(operation, fields);
    const queriedAt = new Date(answer.evidence.queriedAt);
    const row = { operation, answer: answer.evidence as unknown as Record<string, unknown>, queriedAt, expiresAt: new Date(queriedAt.getTime() + reuseMs) };
    await db
      .insert(registerAnswers)
      .values({ key, ...row })
      .onConflictDoUpdate({ target: registerAnswers.key, set: row });
    return answer;
  };

  return {
    call: (operation, fields) => {
      const reuseMs = reuseMsOf(operation);
      if (reuseMs <= 0) return client.call(operation, fields);
      const key = keyOf(operation, fields);
      const running = inFlight.get(key);
      if (running) return running;
      const asked = ask(key, operation, fields, reuseMs).finally(() => inFlight.delete(key));
      inFlight.set(key, asked);
      return asked;
    },
  };
}
