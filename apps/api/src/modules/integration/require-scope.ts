import type { IntegrationScope, NamedEndpoint } from '@onboarding/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { bearerTokenOf } from '../../plugins/bearer-token.js';
import type { RouteAuth } from '../../plugins/contract-routes.js';
import type { IntegrationPrincipal, IntegrationTokens } from './integration-token.js';

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The bank's machine client, set by requireIntegrationScope. */
    integrationClient?: IntegrationPrincipal;
  }
}

export type RequireIntegrationScope = (scope: IntegrationScope) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A hook for /integration routes: a valid integration access token (RFC 6750) that holds `scope`. No token, a bad
 * or expired one, or an applicant's is 401 invalid_token; a token without the scope is 403 insufficient_scope; the
 * body is the app's usual `{ code, message }`. Used as onRequest, so an unauthenticated caller learns nothing of
 * the route's parameters from a validation error.
 */
export function createRequireIntegrationScope(tokens: Pick<IntegrationTokens, 'verify'>): RequireIntegrationScope {
  return (scope) =>
    async function requireIntegrationScope(request, reply) {
      const token = bearerTokenOf(request);
      const principal = token ? await tokens.verify(token) : null;
      if (!principal) {
        void reply.header('www-authenticate', 'Bearer realm="integration", error="invalid_token"');
        throw new AppError('UNAUTHORIZED', token ? 'The access token is not valid for the integration API.' : 'An integration access token is required.');
      }
      if (!principal.scopes.includes(scope)) {
        void reply.header('www-authenticate', `Bearer realm="integration", error="insufficient_scope", scope="${scope}"`);
        throw new AppError('FORBIDDEN', `The access token lacks the scope ${scope}.`);
      }
      request.integrationClient = principal;
    };
}

/** The scope an authenticated integration endpoint needs: its contract names it. */
function scopeOf(endpoint: NamedEndpoint): IntegrationScope {
  if (!endpoint.scope) throw new Error(`${endpoint.operationId} needs an integration token but names no scope`);
  return endpoint.scope;
}

/** The integration API's routes (contractRoutes): the contract's scope is checked, and named in the OpenAPI document. */
export const integrationAuth = (requireScope: RequireIntegrationScope): RouteAuth => ({
  hook: (endpoint) => requireScope(scopeOf(endpoint)),
  security: (endpoint) => [{ bankClient: [scopeOf(endpoint)] }],
});
