import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, retryCountFor } from './api-errors';
import { retryDelayMs, withRetry } from './retry';

describe('retry policy (docs/requirements.md section 7)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('backs off 100 ms doubled per attempt', () => {
    expect([0, 1, 2].map((attempt) => retryDelayMs(attempt, () => 0))).toEqual([100, 200, 400]);
  });

  it('adds at most 20% jitter', () => {
    expect(retryDelayMs(0, () => 0.999999)).toBeCloseTo(120, 3);
    expect(retryDelayMs(2, () => 0.5)).toBe(440);
  });

  it('retries a 5xx 3 times, no answer 2 times, 400-499 never', () => {
    expect(retryCountFor(new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE' }))).toBe(3);
    expect(retryCountFor(new ApiError({ status: 500, code: 'INTERNAL_ERROR' }))).toBe(3);
    expect(retryCountFor(new NetworkError(new TypeError('offline')))).toBe(2);
    // An answer that breaks its contract is one of the "other failures" too.
    expect(retryCountFor(new ApiError({ status: 200, code: 'UNEXPECTED_RESPONSE' }))).toBe(2);
    for (const status of [400, 401, 403, 404, 409, 429, 499]) expect(retryCountFor(new ApiError({ status, code: 'X' }))).toBe(0);
    expect(retryCountFor(new Error('bug'))).toBe(0);
    expect(retryCountFor(new DOMException('aborted', 'AbortError'))).toBe(0);
  });

  it('waits 100, 200, 400 ms between the attempts, each plus at most 20%', async () => {
    const waits: number[][] = [];
    for (const random of [() => 0, () => 0.5, () => 0.999999]) {
      const sleep = vi.fn(async (_ms: number) => undefined);
      const task = vi.fn().mockRejectedValue(new ApiError({ status: 502, code: 'BAD_GATEWAY' }));
      await expect(withRetry(task, { random, sleep })).rejects.toMatchObject({ status: 502 });
      expect(task).toHaveBeenCalledTimes(4);
      waits.push(sleep.mock.calls.map(([ms]) => ms));
    }
    expect(waits[0]).toEqual([100, 200, 400]);
    expect(waits[1]).toEqual([110, 220, 440]);
    waits[2]!.forEach((ms, attempt) => {
      expect(ms).toBeGreaterThan(100 * 2 ** attempt * 1.19);
      expect(ms).toBeLessThanOrEqual(100 * 2 ** attempt * 1.2);
    });
  });

  it('tries a request that got no answer 1 + 2 times', async () => {
    const sleep = vi.fn(async () => undefined);
    const task = vi.fn().mockRejectedValue(new NetworkError(new TypeError('offline')));
    await expect(withRetry(task, { sleep })).rejects.toBeInstanceOf(NetworkError);
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('keeps to a lower limit the caller sets', async () => {
    const task = vi.fn().mockRejectedValue(new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE' }));
    await expect(withRetry(task, { retries: 0 })).rejects.toMatchObject({ status: 503 });
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('tries 1 + 3 times with the backoff between, then gives up', async () => {
    const error = new ApiError({ status: 500, code: 'INTERNAL_ERROR' });
    const task = vi.fn().mockRejectedValue(error);
    const result = withRetry(task, { random: () => 0 });
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
    await expect(withRetry(task)).rejects.toMatchObject({ status: 404 });
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('returns the first success', async () => {
    const task = vi
      .fn()
      .mockRejectedValueOnce(new NetworkError(new TypeError('offline')))
      .mockResolvedValue('ok');
    const result = withRetry(task, { random: () => 0 });
    await vi.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toBe('ok');
    expect(task).toHaveBeenCalledTimes(2);
  });
});
