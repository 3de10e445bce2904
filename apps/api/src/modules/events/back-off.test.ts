import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './back-off.js';

const backOff = { baseMs: 5000, maxMs: 3_600_000, jitter: 0.2 };

describe('retryDelayMs', () => {
  it('waits 5 s after the first failure, doubling with each further one up to an hour', () => {
    const delays = [1, 2, 3, 4, 10, 11, 12, 500].map((attempts) => retryDelayMs(attempts, backOff, () => 0));
    expect(delays).toEqual([5000, 10_000, 20_000, 40_000, 2_560_000, 3_600_000, 3_600_000, 3_600_000]);
  });

  it('takes up to a fifth off at random', () => {
    expect(retryDelayMs(1, backOff, () => 1)).toBe(4000);
    expect(retryDelayMs(1, backOff, () => 0.5)).toBe(4500);
    expect(retryDelayMs(20, backOff, () => 1)).toBe(2_880_000);
  });
});
