import { createHmac, sign, type KeyObject } from 'node:crypto';

/** Access tokens as an attacker would make them from one they hold: the suites send them and expect 401. */

const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (part: string | undefined): Record<string, unknown> =>
  JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

export const headerOf = (jwt: string): Record<string, unknown> => decode(jwt.split('.')[0]);
export const claimsOfToken = (jwt: string): Record<string, unknown> => decode(jwt.split('.')[1]);

/** The same header and signature over changed claims. */
export function withChangedClaims(jwt: string, change: Record<string, unknown>): string {
  const [header, , signature] = jwt.split('.');
  return `${header}.${encode({ ...claimsOfToken(jwt), ...change })}.${signature}`;
}

/** `alg: none` and no signature (RFC 7519 unsecured JWT). */
export const unsecured = (jwt: string): string => `${encode({ ...headerOf(jwt), alg: 'none' })}.${encode(claimsOfToken(jwt))}.`;

/** HS256 with `secret` as the HMAC key: the algorithm confusion attack when the secret is the server's public key. */
export function hs256(jwt: string, secret: string | Buffer): string {
  const input = `${encode({ ...headerOf(jwt), alg: 'HS256' })}.${encode(claimsOfToken(jwt))}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** ES256 over any header and claims with any P-256 key: the real one (to test claim checks) or an attacker's. */
export function es256(privateKey: KeyObject, header: Record<string, unknown>, claims: Record<string, unknown>): string {
  const input = `${encode({ ...header, alg: 'ES256' })}.${encode(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}
