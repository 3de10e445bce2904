import {
  authenticationEventSchema,
  authenticationStartResponseSchema,
  authenticationStatusResponseSchema,
  idCardAuthorizeRequestSchema,
  idCardAuthorizeResponseSchema,
  idCardChallengeRequestSchema,
  idCardChallengeResponseSchema,
  simulatedIdCardAuthorizeRequestSchema,
  logoutRequestSchema,
  magicSignInPayloadSchema,
  mobileIdStartRequestSchema,
  refreshRequestSchema,
  smartIdCallbackRequestSchema,
  smartIdDeviceLinkQuerySchema,
  smartIdDeviceLinkResponseSchema,
  smartIdDeviceLinkStartRequestSchema,
  smartIdDeviceLinkStartResponseSchema,
  smartIdStartRequestSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '../schemas/auth.js';
import { endpointGroup } from './endpoint.js';
import { authenticationSessionParamsSchema } from './params.js';

/** Base path of the auth API (docs/requirements.md section 7). */
export const AUTH_BASE_PATH = '/oauth2/v2';

/** The auth API of docs/requirements.md section 7, plus refresh, logout and cancel that the client needs. */
export const authEndpoints = endpointGroup('auth', 'sign-in', {
  startMobileId: {
    method: 'POST',
    path: '/oauth2/v2/authorize/mid/start',
    body: mobileIdStartRequestSchema,
    response: authenticationStartResponseSchema,
    isAuthenticated: false,
    errors: ['RATE_LIMITED'],
    hasSignInFailures: true,
  },
  mobileIdStatus: {
    method: 'GET',
    path: '/oauth2/v2/authorize/mid/:authenticationSessionId/status',
    params: authenticationSessionParamsSchema,
    response: authenticationStatusResponseSchema,
    isAuthenticated: false,
    errors: ['NOT_FOUND'],
    hasSignInFailures: true,
  },
  cancelMobileId: {
    method: 'POST',
    path: '/oauth2/v2/authorize/mid/:authenticationSessionId/cancel',
    params: authenticationSessionParamsSchema,
    isAuthenticated: false,
  },
  startSmartId: {
    method: 'POST',
    path: '/oauth2/v2/authorize/sid/start',
    body: smartIdStartRequestSchema,
    response: authenticationStartResponseSchema,
    isAuthenticated: false,
    errors: ['RATE_LIMITED'],
    hasSignInFailures: true,
  },
  smartIdStatus: {
    method: 'GET',
    path: '/oauth2/v2/authorize/sid/:authenticationSessionId/status',
    params: authenticationSessionParamsSchema,
    response: authenticationStatusResponseSchema,
    isAuthenticated: false,
    errors: ['NOT_FOUND'],
    hasSignInFailures: true,
  },
  cancelSmartId: {
    method: 'POST',
    path: '/oauth2/v2/authorize/sid/:authenticationSessionId/cancel',
    params: authenticationSessionParamsSchema,
    isAuthenticated: false,
  },
  /**
   * Smart-ID by device link (docs/eid-facts.md section 1.10): no personal code; status and cancel are Smart-ID's.
   * Web2App also sets the cookie its return to this browser must bring.
   */
  startSmartIdDeviceLink: {
    method: 'POST',
    path: '/oauth2/v2/authorize/sid/device-link/start',
    body: smartIdDeviceLinkStartRequestSchema,
    response: smartIdDeviceLinkStartResponseSchema,
    isAuthenticated: false,
    errors: ['RATE_LIMITED'],
    hasSignInFailures: true,
  },
  /** A QR code's link, renewed: asked every second while the code is shown; never reused older than 3 s. */
  smartIdDeviceLink: {
    method: 'GET',
    path: '/oauth2/v2/authorize/sid/:authenticationSessionId/device-link',
    params: authenticationSessionParamsSchema,
    query: smartIdDeviceLinkQuerySchema,
    response: smartIdDeviceLinkResponseSchema,
    isAuthenticated: false,
    errors: ['NOT_FOUND'],
    hasSignInFailures: true,
  },
  /** The Smart-ID app's return after a Web2App sign-in; single use, and only with the cookie the start set. */
  smartIdCallback: {
    method: 'POST',
    path: '/oauth2/v2/authorize/sid/callback',
    body: smartIdCallbackRequestSchema,
    response: authenticationStatusResponseSchema,
    isAuthenticated: false,
    errors: ['NOT_FOUND'],
    hasSignInFailures: true,
  },
  /** Served on the eid host, which asks for the ID-card's client certificate (or behind the proxy that does). */
  idCard: {
    method: 'POST',
    path: '/oauth2/v2/authorize/eid',
    body: idCardAuthorizeRequestSchema,
    response: idCardAuthorizeResponseSchema,
    isAuthenticated: false,
    errors: ['RATE_LIMITED'],
    hasSignInFailures: true,
  },
  /** Simulated mode only: a challenge nonce for the simulated card reader. */
  idCardChallenge: {
    method: 'POST',
    path: '/oauth2/v2/authorize/eid/challenge',
    body: idCardChallengeRequestSchema,
    response: idCardChallengeResponseSchema,
    isAuthenticated: false,
    errors: ['RATE_LIMITED'],
  },
  /** Simulated mode only: the simulated card's authentication token over the nonce, answered with a code. */
  simulatedIdCard: {
    method: 'POST',
    path: '/oauth2/v2/authorize/eid/simulated',
    body: simulatedIdCardAuthorizeRequestSchema,
    response: idCardAuthorizeResponseSchema,
    isAuthenticated: false,
    errors: ['RATE_LIMITED'],
    hasSignInFailures: true,
  },
  /** A wrong, spent or expired code, or a verifier that does not match its challenge, is 401. */
  token: {
    method: 'POST',
    path: '/oauth2/v2/authorize/token',
    body: tokenRequestSchema,
    response: tokenResponseSchema,
    isAuthenticated: false,
    errors: ['UNAUTHORIZED', 'RATE_LIMITED'],
  },
  /** A spent or unknown refresh token, or an ended session, is 401. */
  refresh: {
    method: 'POST',
    path: '/oauth2/v2/authorize/refresh',
    body: refreshRequestSchema,
    response: tokenResponseSchema,
    isAuthenticated: false,
    errors: ['UNAUTHORIZED', 'RATE_LIMITED'],
  },
  logout: { method: 'POST', path: '/oauth2/v2/authorize/logout', body: logoutRequestSchema, isAuthenticated: false },
  /** Test and demo environments only: elsewhere 404, as if there were no such route. */
  magic: {
    method: 'POST',
    path: '/oauth2/v2/authorize/magic',
    body: magicSignInPayloadSchema,
    response: tokenResponseSchema,
    isAuthenticated: false,
    errors: ['NOT_FOUND'],
  },
});

/** Authentication events of docs/requirements.md section 7 (onboarding API). */
export const authenticationEventEndpoints = endpointGroup('authenticationEvent', 'sign-in', {
  /** No token needed, so limited per client address. */
  failed: {
    method: 'POST',
    path: '/onboarding/legal/anonymous/authentication-event/failed',
    body: authenticationEventSchema,
    isAuthenticated: false,
    errors: ['RATE_LIMITED'],
  },
  completed: { method: 'POST', path: '/onboarding/legal/authentication-event/completed', body: authenticationEventSchema, isAuthenticated: true },
});
