import type { AccessTokenPayload } from '@onboarding/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { bearerTokenOf } from '../../plugins/bearer-token.js';
import type { RouteAuth } from '../../plugins/contract-routes.js';
import type { AccessTokens } from './access-token.js';
import type { AuthService } from './auth-service.js';

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The signed-in representative, set by requireUser. */
    user?: AccessTokenPayload;
  }
}

/**
 * An onRequest hook for routes that need a signed-in user: a valid bearer
 * access token whose session is still alive (logout and refresh-token reuse
 * end it before the token expires: at once on the instance that ended it, and
 * within SESSION_CHECK_CACHE_MS on the others). It runs before the body is
 * read: an anonymous caller gets 401 whatever it sends, never 413 or a
 * validation error that would tell it about the route.
 */
export function createRequireUser(accessTokens: AccessTokens, service: Pick<AuthService, 'isSessionLive'>) {
  return async function requireUser(request: FastifyRequest): Promise<void> {
    const token = bearerTokenOf(request);
    if (!token) throw new AppError('UNAUTHORIZED');
    const claims = await accessTokens.verify(token);
    if (!claims) throw new AppError('UNAUTHORIZED', 'The access token is not valid.');
    if (!(await service.isSessionLive(claims.sid))) throw new AppError('UNAUTHORIZED', 'The session has ended. Sign in again.');
    request.user = claims;
  };
}

export type RequireUser = ReturnType<typeof createRequireUser>;

/** The applicant's routes (contractRoutes): requireUser on every authenticated endpoint, the bearer token in the OpenAPI document. */
export const applicantAuth = (requireUser: RequireUser): RouteAuth => ({ hook: () => requireUser, security: () => [{ bearerAuth: [] }] });
