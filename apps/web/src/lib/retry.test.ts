import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, isRetryableError } from './api-errors';
import { retryDelayMs, withRetry } from './retry';

describe('retry policy (SPEC.md section 7)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('backs off 100 ms doubled per attempt', () => {
    expect([0, 1, 2].map((attempt) => retryDelayMs(attempt, () => 0))).toEqual([100, 200, 400]);
  });

  it('adds at most 20% jitter', () => {
    expect(retryDelayMs(0, () => 0.999999)).toBeCloseTo(120, 3);
    expect(retryDelayMs(2, () => 0.5)).toBe(440);
  });

  it('retries network errors and 5xx, never 400-499', () => {
    expect(isRetryableError(new NetworkError(new TypeError('offline')))).toBe(true);
    expect(isRetryableError(new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE' }))).toBe(true);
    expect(isRetryableError(new ApiError({ status: 500, code: 'INTERNAL_ERROR' }))).toBe(true);
    for (const status of [400, 401, 403, 404, 429, 499]) expect(isRetryableError(new ApiError({ status, code: 'X' }))).toBe(false);
    expect(isRetryableError(new Error('bug'))).toBe(false);
  });

  it('tries 1 + 3 times with the backoff between, then gives up', async () => {
    const error = new ApiError({ status: 500, code: 'INTERNAL_ERROR' });
    const task = vi.fn().mockRejectedValue(error);
    const result = withRetry(task, { shouldRetry: isRetryableError, random: () => 0 });
    const caught = result.catch((reason: unknown) => reason);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(task).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(400);
    expect(task).toHaveBeenCalledTimes(4);
    expect(await caught).toBe(error);
  });

  it('stops at once on a client error', async () => {
    const task = vi.fn().mockRejectedValue(new ApiError({ status: 404, code: 'NOT_FOUND' }));
    await expect(withRetry(task, { shouldRetry: isRetryableError })).rejects.toMatchObject({ status: 404 });
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('returns the first success', async () => {
    const task = vi.fn().mockRejectedValueOnce(new NetworkError(new TypeError('offline'))).mockResolvedValue('ok');
    const result = withRetry(task, { shouldRetry: isRetryableError, random: () => 0 });
    await vi.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toBe('ok');
    expect(task).toHaveBeenCalledTimes(2);
  });
});
