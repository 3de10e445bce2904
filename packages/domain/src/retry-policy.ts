import { QUERY_RETRY_COUNT, REQUEST_RETRY_BASE_DELAY_MS, REQUEST_RETRY_COUNT, REQUEST_RETRY_JITTER_RATIO } from './constants.js';

/**
 * How many times a failed request is tried again (docs/requirements.md section 7), by the
 * answer's status, or null when there was no answer: a 5xx REQUEST_RETRY_COUNT
 * times; a client error 400-499 never; no answer, or an answer that breaks its
 * contract, QUERY_RETRY_COUNT times ("other query failures").
 */
export function requestRetryCount(status: number | null): number {
  if (status !== null && status >= 400 && status <= 499) return 0;
  if (status !== null && status >= 500 && status <= 599) return REQUEST_RETRY_COUNT;
  return QUERY_RETRY_COUNT;
}

/** The wait before a retry (docs/requirements.md section 7): 100 ms doubled per attempt, plus up to 20% jitter. `attempt` counts from 0. */
export function requestRetryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = REQUEST_RETRY_BASE_DELAY_MS * 2 ** attempt;
  return base + base * REQUEST_RETRY_JITTER_RATIO * random();
}
