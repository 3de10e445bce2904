import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import type { AssertionRepository } from './assertion-repository.js';
import { ASSERTION_ALGORITHMS, type ClientRegistry, type IntegrationClient } from './clients.js';
import { OAuthError } from './oauth-error.js';

/** An assertion may live at most this long (from its iat, and from now): a copied one is useless soon after. */
export const MAX_ASSERTION_LIFETIME_SECONDS = 300;
/** Clock difference allowed between the client's machine and ours. */
const CLOCK_TOLERANCE_SECONDS = 30;

export type ClientAssertionVerifier = (assertion: string, claimedClientId?: string) => Promise<IntegrationClient>;

const invalidClient = (description: string) => new OAuthError('invalid_client', description);

/**
 * Authenticates a client by its signed assertion (RFC 7523 section 2.2 and section 3, RFC 7521 section 4.2): signed
 * with one of the client's registered keys, iss = sub = the client, aud = the token endpoint's URL, a jti used once,
 * and an exp at most five minutes ahead. Every failure is invalid_client: the caller learns nothing about which check.
 */
export function createClientAssertionVerifier(options: {
  clients: ClientRegistry;
  tokenUrl: string;
  assertions: Pick<AssertionRepository, 'recordOnce'>;
  now?: () => Date;
}): ClientAssertionVerifier {
  const now = options.now ?? (() => new Date());
  // One key set per registered client as read; a client read again from a changed file gets a new one.
  const keySets = new WeakMap<IntegrationClient, ReturnType<typeof createLocalJWKSet>>();
  const keysOf = (client: IntegrationClient) => {
    const known = keySets.get(client);
    if (known) return known;
    const keys = createLocalJWKSet({ keys: [...client.publicKeys] });
    keySets.set(client, keys);
    return keys;
  };

  return async (assertion, claimedClientId) => {
    let unverified: JWTPayload;
    try {
      const header = decodeProtectedHeader(assertion);
      if (!ASSERTION_ALGORITHMS.includes(header.alg as (typeof ASSERTION_ALGORITHMS)[number]))
        throw invalidClient('The client assertion is not signed with ES256, RS256 or PS256.');
      unverified = decodeJwt(assertion);
    } catch (error) {
      if (error instanceof OAuthError) throw error;
      throw invalidClient('The client assertion is not a JWT.');
    }
    const clientId = typeof unverified.iss === 'string' ? unverified.iss : '';
    if (claimedClientId !== undefined && claimedClientId !== clientId) throw invalidClient('client_id and the assertion issuer differ.');
    const client = options.clients.find(clientId);
    if (!client) throw invalidClient('Unknown client.');

    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(assertion, keysOf(client), {
        issuer: clientId,
        subject: clientId,
        audience: options.tokenUrl,
        algorithms: [...ASSERTION_ALGORITHMS],
        requiredClaims: ['exp', 'jti'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: now(),
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw invalidClient('The client assertion has expired.');
      if (error instanceof errors.JWTClaimValidationFailed) throw invalidClient(`The client assertion's ${error.claim} claim is not valid.`);
      throw invalidClient('The client assertion is not signed with a key of the client.');
    }

    const nowSeconds = Math.floor(now().getTime() / 1000);
    const exp = payload.exp ?? 0;
    if (exp - nowSeconds > MAX_ASSERTION_LIFETIME_SECONDS + CLOCK_TOLERANCE_SECONDS)
      throw invalidClient('The client assertion expires more than five minutes ahead.');
    if (payload.iat !== undefined && exp - payload.iat > MAX_ASSERTION_LIFETIME_SECONDS)
      throw invalidClient('The client assertion lives longer than five minutes.');
    const jti = payload.jti ?? '';
    if (jti.length < 1 || jti.length > 256) throw invalidClient('The client assertion needs a jti.');
    if (!(await options.assertions.recordOnce(clientId, jti, new Date((exp + CLOCK_TOLERANCE_SECONDS) * 1000))))
      throw invalidClient('The client assertion was used already.');
    return client;
  };
}
