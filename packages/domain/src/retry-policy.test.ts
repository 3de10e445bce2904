import { describe, expect, it } from 'vitest';
import { requestRetryCount, requestRetryDelayMs } from './retry-policy.js';

describe('request retry policy (docs/requirements.md section 7)', () => {
  it('retries a 5xx 3 times, no answer or a broken one 2 times, 400-499 never', () => {
    expect([500, 503, 599].map(requestRetryCount)).toEqual([3, 3, 3]);
    expect(requestRetryCount(null)).toBe(2);
    expect(requestRetryCount(200)).toBe(2);
    expect([400, 404, 429, 499].map(requestRetryCount)).toEqual([0, 0, 0, 0]);
  });

  it('waits 100 ms doubled per attempt, plus at most 20%', () => {
    expect([0, 1, 2].map((attempt) => requestRetryDelayMs(attempt, () => 0))).toEqual([100, 200, 400]);
    expect(requestRetryDelayMs(2, () => 0.5)).toBe(440);
    expect(requestRetryDelayMs(0, () => 0.999999)).toBeCloseTo(120, 3);
  });
});
