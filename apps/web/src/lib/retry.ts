import { REQUEST_RETRY_BASE_DELAY_MS, REQUEST_RETRY_COUNT, REQUEST_RETRY_JITTER_RATIO } from '@onboarding/domain';

export type RetryOptions = {
  retries?: number;
  shouldRetry: (error: unknown) => boolean;
  signal?: AbortSignal;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

/** SPEC.md section 7: 100 ms doubled per attempt, plus up to 20% jitter. Attempt counts from 0. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = REQUEST_RETRY_BASE_DELAY_MS * 2 ** attempt;
  return base + base * REQUEST_RETRY_JITTER_RATIO * random();
}

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

/** Runs `task`, and again up to `retries` times (3 by default) while `shouldRetry` says so. */
export async function withRetry<T>(task: () => Promise<T>, options: RetryOptions): Promise<T> {
  const { retries = REQUEST_RETRY_COUNT, shouldRetry, signal, random, sleep: wait = sleep } = options;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= retries || signal?.aborted || !shouldRetry(error)) throw error;
      await wait(retryDelayMs(attempt, random), signal);
    }
  }
}
