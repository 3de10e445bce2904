import { requestRetryDelayMs } from '@onboarding/domain';
import { retryCountFor } from './api-errors';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** What one attempt came to. */
export type Outcome<T> = { isOk: true; value: T } | { isOk: false; error: unknown };

export type RepeatOptions = {
  signal?: AbortSignal;
  sleep?: Sleep;
};

export type RetryOptions = RepeatOptions & {
  /** At most this many retries, whatever the failure; e.g. 0 for a call that must not be repeated. */
  retries?: number;
  /** How many retries a failure earns; docs/requirements.md section 7 by default. */
  retryCount?: (error: unknown) => number;
  random?: () => number;
};

/** docs/requirements.md section 7: 100 ms doubled per attempt, plus up to 20% jitter (the domain's requestRetryDelayMs). Attempt counts from 0. */
export const retryDelayMs = requestRetryDelayMs;

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      globalThis.clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = globalThis.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The one loop that runs a call again: request retries (withRetry) and status
 * polls (poll.ts) are both this loop with a different `next`. After each
 * attempt `next` answers the wait in ms before the next attempt, or null to
 * stop there: with the value, or throwing the error. Aborting `signal` ends
 * a wait with the signal's reason.
 */
export async function repeat<T>(
  task: (attempt: number) => Promise<T>,
  next: (outcome: Outcome<T>, attempt: number) => number | null,
  { signal, sleep: wait = sleep }: RepeatOptions = {},
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    let outcome: Outcome<T>;
    try {
      outcome = { isOk: true, value: await task(attempt) };
    } catch (error) {
      outcome = { isOk: false, error };
    }
    const delayMs = next(outcome, attempt);
    if (delayMs === null) {
      if (outcome.isOk) return outcome.value;
      throw outcome.error;
    }
    await wait(delayMs, signal);
  }
}

/**
 * Runs `task`, and again after the backoff while the failure earns a retry
 * (retryCountFor: 3 for a 5xx, 2 with no answer, none for 400-499). This is
 * the only retry of a request: TanStack Query's own is off (query-client.ts).
 */
export function withRetry<T>(
  task: () => Promise<T>,
  { retries = Number.POSITIVE_INFINITY, retryCount = retryCountFor, random, signal, sleep: wait }: RetryOptions = {},
): Promise<T> {
  return repeat(
    task,
    (outcome, attempt) => {
      if (outcome.isOk || signal?.aborted || attempt >= Math.min(retries, retryCount(outcome.error))) return null;
      return retryDelayMs(attempt, random);
    },
    { signal, sleep: wait },
  );
}
