import formbody from '@fastify/formbody';
import { integrationEndpoints, JWT_BEARER_ASSERTION_TYPE, type ClientCredentialsTokenResponse, type IntegrationScope } from '@onboarding/domain';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../plugins/contract-routes.js';
import type { RateLimitHook } from '../rate-limits/index.js';
import type { ClientAssertionVerifier } from './client-assertion.js';
import type { IntegrationClient } from './clients.js';
import { INTEGRATION_TOKEN_TTL_SECONDS, type IntegrationTokens } from './integration-token.js';
import { OAuthError } from './oauth-error.js';

type TokenRoutesOptions = {
  verifyAssertion: ClientAssertionVerifier;
  tokens: IntegrationTokens;
  /** The rate limit of the applicant token exchanges, per client address: each request costs a signature check. */
  limitTokens: RateLimitHook;
};

/** RFC 6749 section 3.3: space-separated; none asked means every scope the client is registered for. */
function grantedScopes(client: IntegrationClient, requested: string | undefined): IntegrationScope[] {
  const asked = (requested ?? '').split(' ').filter(Boolean);
  if (asked.length === 0) return [...client.scopes];
  const unknown = asked.filter((scope) => !(client.scopes as readonly string[]).includes(scope));
  if (unknown.length > 0) throw new OAuthError('invalid_scope', `The client may not have: ${unknown.join(' ')}.`);
  return client.scopes.filter((scope) => asked.includes(scope));
}

/**
 * POST /oauth2/v2/token: OAuth 2.0 client credentials (RFC 6749 section 4.4) for the bank's machine clients, who
 * authenticate with private_key_jwt (RFC 7523 section 2.2). Form-encoded in, RFC 6749 section 5 JSON out, both
 * in this plugin alone: the rest of the API reads JSON and answers `{ code, message }`.
 */
export const tokenRoutes: FastifyPluginAsyncZod<TokenRoutesOptions> = async (app, { verifyAssertion, tokens, limitTokens }) => {
  // RFC 6749 section 4.4.2: the form encoding and nothing else (a JSON body would be another request type to check).
  app.removeAllContentTypeParsers();
  await app.register(formbody);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    if (error instanceof OAuthError) {
      request.log.info({ error: error.error, reason: error.message }, 'token request refused');
      return reply.status(error.statusCode).send(error.toJSON());
    }
    // A body that is not a form, or a field given twice: the request is malformed (section 5.2 invalid_request).
    if (error.statusCode === 400 || error.statusCode === 415) {
      return reply
        .status(400)
        .send(new OAuthError('invalid_request', 'The request must be a form (application/x-www-form-urlencoded) with each parameter once.').toJSON());
    }
    // Rate limits and server errors: the app's own handler and body.
    throw error;
  });

  contractRoutes(app)(
    integrationEndpoints.token,
    {
      onRequest: limitTokens,
      summary: 'A token for a machine client: client credentials with a signed JWT (private_key_jwt)',
      description:
        'RFC 6749 section 4.4 with RFC 7523 client authentication. The client assertion is a JWT signed with a registered key (ES256, RS256 or PS256): iss = sub = client id, aud = this URL, exp at most 5 minutes ahead, a jti used once.',
      consumes: ['application/x-www-form-urlencoded'],
    },
    async (request, reply): Promise<ClientCredentialsTokenResponse> => {
      const { grant_type: grantType, client_assertion_type: assertionType, client_assertion: assertion, scope, client_id: clientId } = request.body;
      if (!grantType) throw new OAuthError('invalid_request', 'grant_type is missing.');
      if (grantType !== 'client_credentials') throw new OAuthError('unsupported_grant_type', 'Only client_credentials is supported.');
      if (!assertion || assertionType !== JWT_BEARER_ASSERTION_TYPE) {
        throw new OAuthError('invalid_client', `Authenticate with client_assertion_type ${JWT_BEARER_ASSERTION_TYPE} and a client_assertion.`);
      }
      const client = await verifyAssertion(assertion, clientId);
      const scopes = grantedScopes(client, scope);
      void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return {
        access_token: await tokens.issue({ clientId: client.clientId, scopes }),
        token_type: 'Bearer',
        expires_in: INTEGRATION_TOKEN_TTL_SECONDS,
        scope: scopes.join(' '),
      };
    },
  );
};
