import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-errors';
import { MaxAttemptsReachedError, poll } from './poll';

type Status = { state: 'PENDING' | 'DONE' };
const pending: Status = { state: 'PENDING' };
const done: Status = { state: 'DONE' };
const isDone = (status: Status) => status.state === 'DONE';

describe('poll', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks again after each interval until the answer is done', async () => {
    const fetch = vi.fn<(signal: AbortSignal) => Promise<Status>>().mockResolvedValueOnce(pending).mockResolvedValueOnce(pending).mockResolvedValue(done);
    const result = poll({ fetch, isDone, intervalMs: 1000, signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1001);
    await expect(result).resolves.toEqual(done);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('fails after maxAttempts pending answers', async () => {
    const fetch = vi.fn().mockResolvedValue(pending);
    const result = poll({ fetch, isDone, intervalMs: 1000, maxAttempts: 2, signal: new AbortController().signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).toBeInstanceOf(MaxAttemptsReachedError);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not retry a failed status call: the request layer already has', async () => {
    const fetch = vi.fn().mockRejectedValue(new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE' }));
    const result = poll({ fetch, isDone, intervalMs: 1000, signal: new AbortController().signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).toMatchObject({ status: 503 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('ends in the wait when aborted, with the signal reason', async () => {
    const controller = new AbortController();
    const fetch = vi.fn().mockResolvedValue(pending);
    const result = poll({ fetch, isDone, intervalMs: 1000, signal: controller.signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1500);
    controller.abort(new Error('left'));
    expect(await result).toMatchObject({ message: 'left' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
