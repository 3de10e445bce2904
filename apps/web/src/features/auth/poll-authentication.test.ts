import { MAX_ATTEMPTS_REACHED_ERROR_CODE, SIGN_IN_VIOLATION_ERROR_CODE, USER_CANCEL_ERROR_CODE, type AuthenticationStatusResponse } from '@onboarding/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-errors';
import { pollAuthentication } from './poll-authentication';

const running: AuthenticationStatusResponse = { status: 'RUNNING' };
const complete = (state: string): AuthenticationStatusResponse => ({ status: 'COMPLETE', state, code: 'auth-code' });

describe('pollAuthentication (docs/requirements.md section 4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls every second while RUNNING and returns the code on COMPLETE', async () => {
    const fetchStatus = vi
      .fn<(signal: AbortSignal) => Promise<AuthenticationStatusResponse>>()
      .mockResolvedValueOnce(running)
      .mockResolvedValueOnce(running)
      .mockResolvedValueOnce(complete('state-1'));
    const result = pollAuthentication({ fetchStatus, clientState: 'state-1', signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toEqual({ code: 'auth-code' });
    expect(fetchStatus).toHaveBeenCalledTimes(3);
  });

  it('raises a sign-in violation when the state differs from the client state', async () => {
    const fetchStatus = vi.fn().mockResolvedValue(complete('someone-else'));
    await expect(pollAuthentication({ fetchStatus, clientState: 'state-1', signal: new AbortController().signal })).rejects.toMatchObject({
      code: SIGN_IN_VIOLATION_ERROR_CODE,
    });
  });

  it('stops when cancelled, as the user cancel', async () => {
    const controller = new AbortController();
    const fetchStatus = vi.fn().mockResolvedValue(running);
    const result = pollAuthentication({ fetchStatus, clientState: 's', signal: controller.signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(2500);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    controller.abort();
    expect(await result).toMatchObject({ code: USER_CANCEL_ERROR_CODE });
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
  });

  it('treats an answer that arrives after the cancel as cancelled', async () => {
    const controller = new AbortController();
    const fetchStatus = vi.fn(async () => {
      controller.abort();
      return complete('s');
    });
    await expect(pollAuthentication({ fetchStatus, clientState: 's', signal: controller.signal })).rejects.toMatchObject({ code: USER_CANCEL_ERROR_CODE });
  });

  it('gives up with max_attempts_reached after the maximum number of polls', async () => {
    const fetchStatus = vi.fn().mockResolvedValue(running);
    const result = pollAuthentication({ fetchStatus, clientState: 's', signal: new AbortController().signal, maxAttempts: 3 }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await result).toMatchObject({ code: MAX_ATTEMPTS_REACHED_ERROR_CODE });
    expect(fetchStatus).toHaveBeenCalledTimes(3);
  });

  it('passes on a failure answer such as timeout', async () => {
    const fetchStatus = vi
      .fn()
      .mockResolvedValueOnce(running)
      .mockRejectedValueOnce(new ApiError({ status: 400, code: 'timeout' }));
    const result = pollAuthentication({ fetchStatus, clientState: 's', signal: new AbortController().signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await result).toMatchObject({ code: 'timeout' });
  });
});
