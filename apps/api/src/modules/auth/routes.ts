import { authEndpoints, type NamedEndpoint } from '@onboarding/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { contractRoutes } from '../../plugins/contract-routes.js';
import { DEVICE_LINK_WINDOW_SECONDS, type MobileIdentityMethod } from '../identity/index.js';
import type { AuthService } from './auth-service.js';
import { DEVICE_LINK_COOKIE } from './smart-id-device-link.js';
import { personFromMagicPayload } from './magic.js';
import type { RateLimitHook } from '../rate-limits/index.js';

type AuthRoutesOptions = {
  service: AuthService;
  isMagicSignInEnabled: boolean;
  /** Rate limits (modules/rate-limits): per client and personal code, and per client. */
  limitStarts: RateLimitHook;
  /** A QR code or app link names nobody: limited per client only, or every person behind one address would share five. */
  limitDeviceLinkStarts: RateLimitHook;
  /** Rate limit of code exchanges and refreshes, per client. */
  limitTokens: RateLimitHook;
  /** Whether the app is served over https: the Web2App cookie is then Secure. */
  isSecure: boolean;
};

/** The value of one cookie of a request, or undefined. */
const cookieOf = (header: string | undefined, name: string): string | undefined =>
  header
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/** The auth API at /oauth2/v2 (docs/requirements.md section 7), built from authEndpoints in packages/domain. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { service, isMagicSignInEnabled, limitStarts, limitDeviceLinkStarts, limitTokens, isSecure },
) => {
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

  // Smart-ID by QR code or app link (docs/eid-facts.md section 1.10; decision 38).
  route(
    authEndpoints.startSmartIdDeviceLink,
    { preHandler: limitDeviceLinkStarts, summary: 'Start a Smart-ID sign-in by QR code or app link' },
    async (request, reply) => {
      const { cookie, ...started } = await service.startDeviceLink({ ...request.body, clientAddress: request.ip });
      if (cookie) {
        // SameSite=Lax: the app's return is a top-level navigation to this site, which brings it; other sites' requests do not.
        const attributes = ['HttpOnly', 'SameSite=Lax', `Path=${authEndpoints.smartIdCallback.path}`, `Max-Age=${String(2 * DEVICE_LINK_WINDOW_SECONDS)}`];
        void reply.header('set-cookie', [`${DEVICE_LINK_COOKIE}=${cookie}`, ...attributes, ...(isSecure ? ['Secure'] : [])].join('; '));
      }
      return started;
    },
  );

  route(
    authEndpoints.smartIdDeviceLink,
    {
      summary: 'A QR code’s link for this second; asked every second while the code is shown',
      // Asked each second by everyone waiting at a QR code: two info lines each would be most of the log.
      logLevel: 'warn',
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return service.deviceLink(request.params.authenticationSessionId, request.query.language);
    },
  );

  route(
    authEndpoints.smartIdCallback,
    { summary: 'The Smart-ID app’s return to the browser after a Web2App sign-in; single use, with the cookie the start set' },
    async (request, reply) => {
      const answer = await service.smartIdReturn(request.body, cookieOf(request.headers.cookie, DEVICE_LINK_COOKIE));
      // The return is spent: its cookie goes with it.
      if (answer.status === 'COMPLETE')
        void reply.header('set-cookie', `${DEVICE_LINK_COOKIE}=; HttpOnly; SameSite=Lax; Path=${authEndpoints.smartIdCallback.path}; Max-Age=0`);
      return answer;
    },
  );

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
