import { randomUUID } from 'node:crypto';
import { SignJWT, type CryptoKey, type KeyObject } from 'jose';

/**
 * A client assertion as a bank's system makes one (RFC 7523 section 2.2): iss = sub = the client, aud = the token
 * endpoint's URL, a fresh jti, one minute to live. scripts/integration-token.ts and the tests sign with it.
 */
export function signClientAssertion(options: {
  clientId: string;
  tokenUrl: string;
  privateKey: CryptoKey | KeyObject;
  algorithm?: 'ES256' | 'RS256' | 'PS256';
  keyId?: string;
  lifetimeSeconds?: number;
}): Promise<string> {
  const { clientId, tokenUrl, privateKey, algorithm = 'ES256', keyId, lifetimeSeconds = 60 } = options;
  return new SignJWT({})
    .setProtectedHeader({ alg: algorithm, typ: 'JWT', ...(keyId ? { kid: keyId } : {}) })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(tokenUrl)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${lifetimeSeconds}s`)
    .sign(privateKey);
}
