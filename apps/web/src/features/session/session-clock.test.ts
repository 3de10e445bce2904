import { INACTIVITY_TIMEOUT_MS } from '@onboarding/domain';
import { describe, expect, it } from 'vitest';
import { SESSION_WARNING_LEAD_MS, TOKEN_REFRESH_LEAD_MS, formatCountdown, isTokenExpiringSoon, readSessionClock } from './session-clock';

describe('formatCountdown (docs/requirements.md section 2)', () => {
  it.each([
    [59_000, { unit: 'seconds', seconds: 59 }],
    [58_001, { unit: 'seconds', seconds: 59 }],
    [1000, { unit: 'seconds', seconds: 1 }],
    [0, { unit: 'seconds', seconds: 0 }],
    [-500, { unit: 'seconds', seconds: 0 }],
    [60_000, { unit: 'clock', text: '01:00' }],
    [59_001, { unit: 'clock', text: '01:00' }],
    [125_000, { unit: 'clock', text: '02:05' }],
    [600_000, { unit: 'clock', text: '10:00' }],
  ])('%i ms shows %o', (ms, expected) => {
    expect(formatCountdown(ms)).toEqual(expected);
  });
});

describe('readSessionClock (docs/requirements.md section 4)', () => {
  const start = 1_000_000;

  it('is active until the warning lead, then warns, then expires after 90 s of inactivity', () => {
    expect(readSessionClock(start, start).phase).toBe('active');
    expect(readSessionClock(start, start + INACTIVITY_TIMEOUT_MS - SESSION_WARNING_LEAD_MS - 1).phase).toBe('active');
    expect(readSessionClock(start, start + INACTIVITY_TIMEOUT_MS - SESSION_WARNING_LEAD_MS)).toMatchObject({
      phase: 'warning',
      remainingMs: SESSION_WARNING_LEAD_MS,
    });
    expect(readSessionClock(start, start + INACTIVITY_TIMEOUT_MS - 1)).toMatchObject({ phase: 'warning', remainingMs: 1 });
    expect(readSessionClock(start, start + INACTIVITY_TIMEOUT_MS)).toEqual({ phase: 'expired', remainingMs: 0, expiresAt: start + INACTIVITY_TIMEOUT_MS });
  });
});

describe('isTokenExpiringSoon', () => {
  const now = 1_700_000_000_000;
  const exp = (msLeft: number) => (now + msLeft) / 1000;

  it('refreshes a token within the lead (two checks plus the SSO difference) on the server clock', () => {
    expect(TOKEN_REFRESH_LEAD_MS).toBe(22_500);
    expect(isTokenExpiringSoon(exp(22_500), 0, now)).toBe(true);
    expect(isTokenExpiringSoon(exp(22_600), 0, now)).toBe(false);
  });

  it('takes the clock offset into account', () => {
    // The server is 30 s ahead: a token with 40 s left on the client clock has 10 s left on the server's.
    expect(isTokenExpiringSoon(exp(40_000), 30_000, now)).toBe(true);
    expect(isTokenExpiringSoon(exp(40_000), -30_000, now)).toBe(false);
  });
});
