import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { registerBreaker } from '../../db/schema.js';
import type { RikClient } from './rik/client.js';
import { isRikError, RikError, type RikFailure } from './rik/errors.js';
import { NO_REGISTER_METRICS, type RegisterMetrics } from './register-metrics.js';

export type BreakerPolicy = {
  /** Passing failures in a row that open the breaker. */
  failuresToOpen: number;
  /** Failures further apart than this do not add up: a failure after a long quiet starts the count again. */
  failureWindowMs: number;
  /** How long no query is sent once it is open; then one trial query decides. */
  coolDownMs: number;
  /** How long one instance's trial query holds the others back: longer than a query with its retries takes. */
  trialLeaseMs: number;
  /** How long an instance trusts the row it last read before reading it again: one query of the database per second at most. */
  rowReuseMs: number;
};

/** Five failures in a row within a minute open it for 30 seconds (docs/decisions/0035). */
export const DEFAULT_BREAKER_POLICY: BreakerPolicy = { failuresToOpen: 5, failureWindowMs: 60_000, coolDownMs: 30_000, trialLeaseMs: 0, rowReuseMs: 1000 };

export type RegisterBreakerOptions = {
  db: Db;
  policy?: Partial<BreakerPolicy>;
  /** The client's timeout: a trial's lease is at least three of them (the retries) and a little more. */
  timeoutMs: number;
  now?: () => Date;
  metrics?: RegisterMetrics;
  /** The row's name: one breaker per register. */
  name?: string;
};

type Row = { failures: number; lastFailureAt: Date | null; openUntil: Date | null };
const CLOSED: Row = { failures: 0, lastFailureAt: null, openUntil: null };

/** Failures that say the register is not there: a refused connection, no answer in time, a 5xx. Its own faults are answers. */
export const isOutage = (failure: RikFailure): boolean =>
  failure.kind === 'UNREACHABLE' || failure.kind === 'TIMEOUT' || (failure.kind === 'HTTP_STATUS' && failure.status >= 500);

/**
 * The client behind a breaker shared through one database row by every instance (docs/decisions/0035): after
 * `failuresToOpen` outages in a row the register is not asked for `coolDownMs`, and each query answers RikError
 * (REGISTER_UNAVAILABLE) at once. After the cool-down one instance claims the trial by moving the row's open-until
 * forward; an answer closes the breaker, an outage opens it again. Each instance reads the row at most once per
 * `rowReuseMs`, so a breaker another instance opened is seen within a second.
 */
export function breakerClient(client: RikClient, options: RegisterBreakerOptions): RikClient {
  const { db } = options;
  const name = options.name ?? 'rik';
  const now = options.now ?? (() => new Date());
  const metrics = options.metrics ?? NO_REGISTER_METRICS;
  const policy = { ...DEFAULT_BREAKER_POLICY, ...options.policy };
  const trialLeaseMs = policy.trialLeaseMs > 0 ? policy.trialLeaseMs : 3 * options.timeoutMs + 1000;
  let known: { row: Row; readAt: number } | undefined;

  const remember = (row: Row) => {
    known = { row, readAt: now().getTime() };
    return row;
  };

  const current = async (): Promise<Row> => {
    if (known && now().getTime() - known.readAt < policy.rowReuseMs) return known.row;
    const [row] = await db
      .select({ failures: registerBreaker.failures, lastFailureAt: registerBreaker.lastFailureAt, openUntil: registerBreaker.openUntil })
      .from(registerBreaker)
      .where(eq(registerBreaker.name, name));
    return remember(row ?? CLOSED);
  };

  /** Claims the one trial after the cool-down: true when this instance moved open-until, and so asks. */
  const claimTrial = async (openUntil: Date): Promise<boolean> => {
    const at = now();
    const claimed = await db
      .update(registerBreaker)
      .set({ openUntil: new Date(at.getTime() + trialLeaseMs) })
      .where(and(eq(registerBreaker.name, name), eq(registerBreaker.openUntil, openUntil), lte(registerBreaker.openUntil, at)))
      .returning({ failures: registerBreaker.failures, lastFailureAt: registerBreaker.lastFailureAt, openUntil: registerBreaker.openUntil });
    const [row] = claimed;
    if (row) remember(row);
    else known = undefined;
    return row !== undefined;
  };

  const close = async () => {
    const [row] = await db
      .update(registerBreaker)
      .set({ failures: 0, lastFailureAt: null, openUntil: null })
      .where(eq(registerBreaker.name, name))
      .returning({ failures: registerBreaker.failures, lastFailureAt: registerBreaker.lastFailureAt, openUntil: registerBreaker.openUntil });
    remember(row ?? CLOSED);
  };

  /** Counts an outage under the row's lock; opens the breaker at the threshold, or at once after a failed trial. */
  const recordOutage = async (isTrial: boolean) => {
    const opened = await db.transaction(async (tx) => {
      await tx.insert(registerBreaker).values({ name }).onConflictDoNothing();
      const [locked] = await tx.select().from(registerBreaker).where(eq(registerBreaker.name, name)).for('update');
      const row = locked ?? { ...CLOSED };
      const at = now();
      // Queries sent before it opened may still fail: they change nothing while it is open.
      if (!isTrial && row.openUntil && row.openUntil > at) {
        remember(row);
        return false;
      }
      const inARow = row.lastFailureAt && at.getTime() - row.lastFailureAt.getTime() <= policy.failureWindowMs ? row.failures + 1 : 1;
      const opens = isTrial || inARow >= policy.failuresToOpen;
      const next: Row = opens
        ? { failures: 0, lastFailureAt: at, openUntil: new Date(at.getTime() + policy.coolDownMs) }
        : { failures: inARow, lastFailureAt: at, openUntil: null };
      await tx.update(registerBreaker).set(next).where(eq(registerBreaker.name, name));
      remember(next);
      return opens;
    });
    if (opened) metrics.breakerOpened();
  };

  const refuse = (operation: string, until: Date) => {
    metrics.breakerRefused(operation);
    return new RikError(operation, { kind: 'BREAKER_OPEN', until: until.toISOString() });
  };

  return {
    call: async (operation, fields) => {
      let row = await current();
      let isTrial = false;
      if (row.openUntil) {
        if (row.openUntil > now()) throw refuse(operation, row.openUntil);
        isTrial = await claimTrial(row.openUntil);
        if (!isTrial) {
          // Another instance took the trial, or has closed it already.
          row = await current();
          if (row.openUntil) throw refuse(operation, row.openUntil);
        }
      }
      try {
        const answer = await client.call(operation, fields);
        if (isTrial || row.failures > 0) await close();
        return answer;
      } catch (error) {
        if (isRikError(error) && isOutage(error.failure)) await recordOutage(isTrial);
        // A fault, a 4xx or an unreadable answer still came from the register: it is there.
        else if (isRikError(error) && (isTrial || row.failures > 0)) await close();
        throw error;
      }
    },
  };
}
