import { accessTokenPayloadSchema, type AccessTokenPayload } from '@onboarding/domain';

/**
 * The access token's claims. The browser only reads them (greeting, method,
 * expiry); the server verifies the signature on every call.
 */
export function decodeAccessToken(token: string | null | undefined): AccessTokenPayload | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const result = accessTokenPayloadSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return result.success ? result.data : null;
  } catch {
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
