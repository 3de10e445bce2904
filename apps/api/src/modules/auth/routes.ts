import { authEndpoints, type NamedEndpoint } from '@onboarding/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { contractRoutes } from '../../plugins/contract-routes.js';
import type { MobileIdentityMethod } from '../identity/index.js';
import type { AuthService } from './auth-service.js';
import { personFromMagicPayload } from './magic.js';
import type { RateLimitHook } from '../rate-limits/index.js';

type AuthRoutesOptions = {
  service: AuthService;
  isMagicSignInEnabled: boolean;
  /** Rate limits (modules/rate-limits): per client and personal code, and per client. */
  limitStarts: RateLimitHook;
  /** Rate limit of code exchanges and refreshes, per client. */
  limitTokens: RateLimitHook;
};

/** The auth API at /oauth2/v2 (docs/requirements.md section 7), built from authEndpoints in packages/domain. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { service, isMagicSignInEnabled, limitStarts, limitTokens }) => {
  const route = contractRoutes(app);
  const mobileMethods = [
    { method: 'SMART_ID', start: authEndpoints.startSmartId, status: authEndpoints.smartIdStatus, cancel: authEndpoints.cancelSmartId, name: 'Smart-ID' },
    { method: 'MOBILE_ID', start: authEndpoints.startMobileId, status: authEndpoints.mobileIdStatus, cancel: authEndpoints.cancelMobileId, name: 'Mobile-ID' },
  ] as const satisfies readonly { method: MobileIdentityMethod; start: NamedEndpoint; status: NamedEndpoint; cancel: NamedEndpoint; name: string }[];

  for (const { method, start, status, cancel, name } of mobileMethods) {
    // After validation: the limit is keyed by the personal code in the body.
    route(start, { preHandler: limitStarts, summary: `Start a ${name} sign-in` }, async (request) => {
      return service.start(method, { ...request.body, clientAddress: request.ip });
    });

    route(
      status,
      {
        summary: `Status of a ${name} sign-in; poll every second while RUNNING`,
        description:
          'COMPLETE carries the client state and either the authorization code or, when the person refused on the phone or cancelled, outcome user_cancelled (200, as SK answers a refusal). Every other failure is a 4xx with its sign-in code.',
      },
      async (request) => service.status(method, request.params.authenticationSessionId),
    );

    route(cancel, { status: 204, summary: `Cancel a ${name} sign-in` }, async (request, reply) => {
      await service.cancel(method, request.params.authenticationSessionId);
      return reply.status(204).send(null);
    });
  }

  route(authEndpoints.token, { onRequest: limitTokens, summary: 'Exchange an authorization code and its PKCE verifier for tokens' }, async (request) => {
    const { authorizationCode, codeVerifier } = request.body;
    return service.exchangeCode(authorizationCode, codeVerifier);
  });

  route(
    authEndpoints.refresh,
    { onRequest: limitTokens, summary: 'New tokens for a refresh token, which is then spent; reusing a spent one ends the session' },
    async (request) => service.refresh(request.body.refreshToken),
  );

  route(authEndpoints.logout, { status: 204, summary: 'End the session of a refresh token' }, async (request, reply) => {
    await service.logout(request.body.refreshToken);
    return reply.status(204).send(null);
  });

  route(authEndpoints.magic, { summary: 'Magic sign-in, for test and demo environments only' }, async (request) => {
    // Off in live mode: the route answers as if it did not exist.
    if (!isMagicSignInEnabled) throw new AppError('NOT_FOUND', `No route for POST ${authEndpoints.magic.path}.`);
    return service.magicSignIn(personFromMagicPayload(request.body));
  });
};
