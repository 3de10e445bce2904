import { accessTokenPayloadSchema, type AccessTokenPayload } from '@onboarding/domain';
import { decodeJwt } from 'jose';

/**
 * The access token's claims. The browser only reads them (greeting, method,
 * expiry); the server verifies the signature on every call.
 */
export function decodeAccessToken(token: string | null | undefined): AccessTokenPayload | null {
  if (!token) return null;
  try {
    const result = accessTokenPayloadSchema.safeParse(decodeJwt(token));
    return result.success ? result.data : null;
  } catch {
    // Not a JWT at all (decodeJwt throws): no claims.
    return null;
  }
}

/**
 * Milliseconds until the token expires, on the server's clock: clockOffset is
 * server time minus client time, measured when the token arrived.
 */
export function msUntilExpiry(claims: Pick<AccessTokenPayload, 'exp'>, clockOffset: number, now = Date.now()): number {
  return claims.exp * 1000 - (now + clockOffset);
}
