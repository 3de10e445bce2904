import { INTEGRATION_AUDIENCE, type IntegrationScope } from '@onboarding/domain';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { ACCESS_TOKEN_ALGORITHM, keyForToken, type SigningKeyRing } from '../auth/index.js';
import type { ClientRegistry } from './clients.js';

/** Integration access tokens live five minutes: a client asks for a new one with a new assertion. */
export const INTEGRATION_TOKEN_TTL_SECONDS = 300;

/** The machine client a verified integration token names. */
export type IntegrationPrincipal = { clientId: string; scopes: readonly IntegrationScope[] };

export type IntegrationTokens = {
  issue(principal: IntegrationPrincipal): Promise<string>;
  /** The client and its scopes, or null for a token that is forged, expired, an applicant's, or not ours. */
  verify(token: string): Promise<IntegrationPrincipal | null>;
};

const claimsSchema = z.object({
  sub: z.string().min(1),
  client_id: z.string().min(1),
  scope: z.string(),
});

/**
 * RFC 9068 access tokens of the bank's machine clients, signed with keys of their own (never the applicant tokens'),
 * with the applicants' issuer and the audience `integration`: an applicant token never passes here, nor these
 * requireUser, by key and by audience alike.
 *
 * A signature proves only that a key of ours signed: the token's client must also be registered now, for every
 * scope the token carries, checked on each request against `clients`. A client removed from the clients file (or a
 * scope taken from it) stops working with the next request, not when its tokens expire, and a token made with a
 * leaked key for a client nobody registered passes nowhere.
 */
export function createIntegrationTokens(options: { keys: SigningKeyRing; issuer: string; clients: ClientRegistry }): IntegrationTokens {
  const { keys, issuer, clients } = options;
  return {
    issue: (principal) => {
      const key = keys.current;
      return new SignJWT({ client_id: principal.clientId, scope: principal.scopes.join(' ') })
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: key.keyId, typ: 'at+jwt' })
        .setSubject(principal.clientId)
        .setIssuer(issuer)
        .setAudience(INTEGRATION_AUDIENCE)
        .setIssuedAt()
        .setJti(crypto.randomUUID())
        .setExpirationTime(`${INTEGRATION_TOKEN_TTL_SECONDS}s`)
        .sign(key.privateKey);
    },

    verify: async (token) => {
      try {
        const key = await keyForToken(keys, token, INTEGRATION_AUDIENCE);
        if (!key) return null;
        const { payload } = await jwtVerify(token, key.publicKey, {
          issuer,
          audience: INTEGRATION_AUDIENCE,
          algorithms: [ACCESS_TOKEN_ALGORITHM],
          typ: 'at+jwt',
        });
        const claims = claimsSchema.safeParse(payload);
        if (!claims.success || claims.data.sub !== claims.data.client_id) return null;
        const client = clients.find(claims.data.client_id);
        const scopes = claims.data.scope.split(' ').filter(Boolean);
        if (!client || !scopes.every((scope) => (client.scopes as readonly string[]).includes(scope))) return null;
        return { clientId: client.clientId, scopes: client.scopes.filter((scope) => scopes.includes(scope)) };
      } catch {
        return null;
      }
    },
  };
}
