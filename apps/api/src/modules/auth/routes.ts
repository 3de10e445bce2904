import { apiErrorBodySchema, authEndpoints, authenticationStartResponseSchema, type Endpoint } from '@onboarding/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
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

const tags = ['sign-in'];

/** OpenAPI responses of a start or status call: its success, and the lowercase failure codes of SPEC.md section 8. */
const withFailures = (success: z.ZodType) => ({ 200: success, 400: apiErrorBodySchema, 404: apiErrorBodySchema, 429: apiErrorBodySchema });

/** The OpenAPI tags, summary and body schema of an endpoint; the body's type reaches the handler. */
function schemaOf<E extends Endpoint>(endpoint: E, summary: string): { tags: string[]; summary: string; body: E['body'] } {
  return { tags, summary, body: endpoint.body };
}

/** The auth API at /oauth2/v2 (SPEC.md section 7), declared by authEndpoints in packages/domain. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { service, isMagicSignInEnabled, limitStarts, limitTokens }) => {
  const mobileMethods = [
    { method: 'SMART_ID', start: authEndpoints.startSmartId, status: authEndpoints.smartIdStatus, cancel: authEndpoints.cancelSmartId, name: 'Smart-ID' },
    { method: 'MOBILE_ID', start: authEndpoints.startMobileId, status: authEndpoints.mobileIdStatus, cancel: authEndpoints.cancelMobileId, name: 'Mobile-ID' },
  ] as const satisfies readonly { method: MobileIdentityMethod; start: Endpoint; status: Endpoint; cancel: Endpoint; name: string }[];

  for (const { method, start, status, cancel, name } of mobileMethods) {
    app.post(
      start.path,
      // After validation: the limit is keyed by the personal code in the body.
      { preHandler: limitStarts, schema: { ...schemaOf(start, `Start a ${name} sign-in`), response: withFailures(authenticationStartResponseSchema) } },
      async (request) => {
        return service.start(method, { ...request.body, clientAddress: request.ip });
      },
    );

    app.get(
      status.path,
      {
        schema: {
          tags,
          summary: `Status of a ${name} sign-in; poll every second while RUNNING`,
          description:
            'COMPLETE carries the client state and either the authorization code or, when the person refused on the phone or cancelled, outcome user_cancelled (200, as SK answers a refusal). Every other failure is a 4xx with its sign-in code.',
          params: status.params,
          response: withFailures(status.response ?? z.unknown()),
        },
      },
      async (request) => service.status(method, request.params.authenticationSessionId),
    );

    app.post(
      cancel.path,
      { schema: { tags, summary: `Cancel a ${name} sign-in`, params: cancel.params, response: { 204: z.null() } } },
      async (request, reply) => {
        await service.cancel(method, request.params.authenticationSessionId);
        return reply.status(204).send(null);
      },
    );
  }

  app.post(
    authEndpoints.token.path,
    {
      onRequest: limitTokens,
      schema: { ...schemaOf(authEndpoints.token, 'Exchange an authorization code and its PKCE verifier for tokens'), response: { 200: authEndpoints.token.response, 429: apiErrorBodySchema } },
    },
    async (request) => {
      const { authorizationCode, codeVerifier } = request.body;
      return service.exchangeCode(authorizationCode, codeVerifier);
    },
  );

  app.post(
    authEndpoints.refresh.path,
    {
      onRequest: limitTokens,
      schema: {
        ...schemaOf(authEndpoints.refresh, 'New tokens for a refresh token, which is then spent; reusing a spent one ends the session'),
        response: { 200: authEndpoints.refresh.response, 429: apiErrorBodySchema },
      },
    },
    async (request) => service.refresh(request.body.refreshToken),
  );

  app.post(
    authEndpoints.logout.path,
    { schema: { ...schemaOf(authEndpoints.logout, 'End the session of a refresh token'), response: { 204: z.null() } } },
    async (request, reply) => {
      await service.logout(request.body.refreshToken);
      return reply.status(204).send(null);
    },
  );

  app.post(
    authEndpoints.magic.path,
    { schema: { ...schemaOf(authEndpoints.magic, 'Magic sign-in, for test and demo environments only'), response: { 200: authEndpoints.magic.response } } },
    async (request) => {
      // Off in live mode: the route answers as if it did not exist.
      if (!isMagicSignInEnabled) throw new AppError('NOT_FOUND', `No route for POST ${authEndpoints.magic.path}.`);
      return service.magicSignIn(personFromMagicPayload(request.body));
    },
  );
};
