import type { AccessTokenPayload } from '@onboarding/domain';

const base64Url = (value: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(value)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** An unsigned JWT with the claims of accessTokenPayloadSchema; the browser never checks signatures. */
export function fakeAccessToken(claims: Partial<AccessTokenPayload> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload: AccessTokenPayload = {
    sub: 'user-1',
    personalId: '38001085718',
    personalIdCountryCode: 'EE',
    givenName: 'Jüri',
    surname: 'Tamm',
    authenticationMethod: 'SMART_ID',
    sid: 'session-1',
    iat: now,
    exp: now + 300,
    ...claims,
  };
  return `${base64Url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.signature`;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
