import { repeat, type Sleep } from './retry';

/** A poll saw only pending answers for as many calls as it was allowed. */
export class MaxAttemptsReachedError extends Error {
  override readonly name = 'MaxAttemptsReachedError';

  constructor(readonly attempts: number) {
    super(`Still pending after ${attempts} polls`);
  }
}

type PollOptions<T> = {
  /** One status call; it does its own retries (lib/api-client.ts), so a failure here ends the poll. */
  fetch: (signal: AbortSignal) => Promise<T>;
  intervalMs: number;
  /** Optional: after this many pending answers the poll fails with MaxAttemptsReachedError. */
  maxAttempts?: number;
  /** Aborting it ends the poll, in the call or in the wait, with the signal's reason. */
  signal: AbortSignal;
  sleep?: Sleep;
};

/**
 * Asks for a status every `intervalMs` until `isDone` accepts the answer, and
 * answers that. It is the request retry's loop (lib/retry.ts) with a fixed
 * interval, so a status call is never retried twice over.
 */
export function poll<T, D extends T>(options: PollOptions<T> & { isDone: (value: T) => value is D }): Promise<D>;
export function poll<T>(options: PollOptions<T> & { isDone: (value: T) => boolean }): Promise<T>;
export function poll<T>({ fetch, isDone, intervalMs, maxAttempts, signal, sleep }: PollOptions<T> & { isDone: (value: T) => boolean }): Promise<T> {
  return repeat(
    () => fetch(signal),
    (outcome, attempt) => {
      if (!outcome.isOk || isDone(outcome.value)) return null;
      if (maxAttempts !== undefined && attempt + 1 >= maxAttempts) throw new MaxAttemptsReachedError(attempt + 1);
      return intervalMs;
    },
    { signal, sleep },
  );
}
