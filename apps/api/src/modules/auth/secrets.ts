import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An unguessable token for codes and refresh tokens: 256 random bits, base64url. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Codes, refresh tokens and ID-card challenge nonces are stored only as this hash, so a database leak yields nothing usable. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** Whether a token is the one whose tokenHash was kept; constant time, and false when none was kept. */
export const matchesTokenHash = (token: string, expectedHash: string | undefined): boolean => {
  if (expectedHash === undefined) return false;
  const actual = Buffer.from(tokenHash(token));
  const expected = Buffer.from(expectedHash);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};
