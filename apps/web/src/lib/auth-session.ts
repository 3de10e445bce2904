import { SSO_EXPIRY_DIFFERENCE_MS, authEndpoints, isMinorOn, type AccessTokenPayload, type TokenResponse } from '@onboarding/domain';
import { decodeAccessToken, msUntilExpiry } from './access-token';
import { apiRequest } from './api-client';
import { ApiError } from './api-errors';
import { postSessionMessage } from './session-channel';
import { clearSessionTokens, readClockOffset, readSessionValue, writeSessionValues } from './session-storage';

/**
 * Keeps the tokens; clockOffset is server time (the token's iat) minus client time as it arrives
 * (docs/requirements.md section 3).
 */
export function storeTokens({ accessToken, refreshToken }: TokenResponse, now = Date.now()): void {
  const claims = decodeAccessToken(accessToken);
  const clockOffset = claims ? claims.iat * 1000 - now : 0;
  writeSessionValues({ accessToken, refreshToken, clockOffset: String(clockOffset) });
}

export function readAccessTokenClaims(): AccessTokenPayload | null {
  return decodeAccessToken(readSessionValue('accessToken'));
}

/** Whether the signed-in person is a minor, as the personal code of the access token tells (the domain's age rule). */
export function isSignedInMinor(now = new Date()): boolean {
  const claims = readAccessTokenClaims();
  return claims !== null && isMinorOn(claims, now);
}

/** A token within the allowed single-sign-on expiry difference of its end counts as expired. */
export function hasLiveAccessToken(now = Date.now()): boolean {
  const claims = readAccessTokenClaims();
  return claims !== null && msUntilExpiry(claims, readClockOffset(), now) > SSO_EXPIRY_DIFFERENCE_MS;
}

export type RefreshResult = 'refreshed' | 'rejected' | 'unavailable';

let refreshInFlight: Promise<RefreshResult> | null = null;

async function refreshOnce(): Promise<RefreshResult> {
  const refreshToken = readSessionValue('refreshToken');
  if (!refreshToken) return 'rejected';
  try {
    const tokens = await apiRequest(authEndpoints.refresh, { body: { refreshToken } });
    // Another refresh (another tab) may have rotated the token meanwhile; the newest pair wins.
    if (readSessionValue('refreshToken') !== refreshToken) return 'refreshed';
    storeTokens(tokens);
    const sid = decodeAccessToken(tokens.accessToken)?.sid;
    if (sid) postSessionMessage({ type: 'tokens', sid, ...tokens });
    return 'refreshed';
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      clearSessionTokens();
      return 'rejected';
    }
    return 'unavailable';
  }
}

/**
 * Trades the refresh token for a new pair. One refresh at a time: a rotated
 * refresh token is dead, and using a dead one ends the whole session.
 */
export function refreshSession(): Promise<RefreshResult> {
  refreshInFlight ??= refreshOnce().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** docs/requirements.md section 2: the silent attempt to restore the session before a signed-in page. */
export async function restoreSession(): Promise<boolean> {
  if (hasLiveAccessToken()) return true;
  if (!readSessionValue('refreshToken')) return false;
  return (await refreshSession()) === 'refreshed' && hasLiveAccessToken();
}

/** Forgets the session here and, best effort, on the server. */
export async function endSession({ isServerNotified }: { isServerNotified: boolean }): Promise<void> {
  const refreshToken = readSessionValue('refreshToken');
  clearSessionTokens();
  if (!isServerNotified || !refreshToken) return;
  try {
    await apiRequest(authEndpoints.logout, { body: { refreshToken }, retries: 0 });
  } catch {
    // The tokens are gone from this browser; an unreachable server lets them expire on its own.
  }
}
