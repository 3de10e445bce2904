import { INTEGRATION_AUDIENCE, INTEGRATION_SCOPES, type IntegrationScope } from '@onboarding/domain';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { ACCESS_TOKEN_ALGORITHM, type SigningKeyRing } from '../auth/signing-key.js';

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

const scopesOf = (scope: string): IntegrationScope[] =>
  scope.split(' ').filter((item): item is IntegrationScope => (INTEGRATION_SCOPES as readonly string[]).includes(item));

/**
 * RFC 9068 access tokens of the bank's machine clients, signed with the applicant tokens' key and issuer but with
 * the audience `integration`: an applicant token (audience: the web client) never passes here, and these never
 * pass requireUser, because each side checks its own audience.
 */
export function createIntegrationTokens(options: { keys: SigningKeyRing; issuer: string }): IntegrationTokens {
  const { keys, issuer } = options;
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
        const key = await keys.find(decodeProtectedHeader(token).kid);
        if (!key) return null;
        const { payload } = await jwtVerify(token, key.publicKey, { issuer, audience: INTEGRATION_AUDIENCE, algorithms: [ACCESS_TOKEN_ALGORITHM], typ: 'at+jwt' });
        const claims = claimsSchema.safeParse(payload);
        if (!claims.success || claims.data.sub !== claims.data.client_id) return null;
        return { clientId: claims.data.client_id, scopes: scopesOf(claims.data.scope) };
      } catch {
        return null;
      }
    },
  };
}
