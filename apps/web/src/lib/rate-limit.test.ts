import { describe, expect, it } from 'vitest';
import { ApiError } from './api-errors';
import { clockTime, retryAtOf } from './rate-limit';

describe('rate limit refusals', () => {
  it("are RATE_LIMITED errors only, retried after the server's seconds or else a minute", () => {
    expect(retryAtOf(new ApiError({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 30 }), 1000)).toBe(31_000);
    expect(retryAtOf(new ApiError({ status: 429, code: 'RATE_LIMITED' }), 1000)).toBe(61_000);
    expect(retryAtOf(new ApiError({ status: 409, code: 'STALE_VERSION' }))).toBeUndefined();
    expect(retryAtOf(new Error('boom'))).toBeUndefined();
  });

  it('name the clock time as each language writes it, rounded up to the minute', () => {
    const at = new Date(2026, 10, 25, 9, 4, 10).getTime();
    expect(clockTime(at, 'et')).toBe('9.05');
    expect(clockTime(at, 'en')).toBe('9:05');
    expect(clockTime(at, 'ru')).toBe('9:05');
    expect(clockTime(new Date(2026, 10, 25, 14, 30, 0).getTime(), 'et')).toBe('14.30');
  });
});
