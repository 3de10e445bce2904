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
  smartIdStartRequestSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '../schemas/auth.js';
import type { Endpoint } from './endpoint.js';
import { authenticationSessionParamsSchema } from './params.js';

/** Base path of the auth API (docs/requirements.md section 7). */
export const AUTH_BASE_PATH = '/oauth2/v2';

/** The auth API of docs/requirements.md section 7, plus refresh, logout and cancel that the client needs. */
export const authEndpoints = {
  startMobileId: { method: 'POST', path: '/oauth2/v2/authorize/mid/start', body: mobileIdStartRequestSchema, response: authenticationStartResponseSchema, isAuthenticated: false },
  mobileIdStatus: { method: 'GET', path: '/oauth2/v2/authorize/mid/:authenticationSessionId/status', params: authenticationSessionParamsSchema, response: authenticationStatusResponseSchema, isAuthenticated: false },
  cancelMobileId: { method: 'POST', path: '/oauth2/v2/authorize/mid/:authenticationSessionId/cancel', params: authenticationSessionParamsSchema, isAuthenticated: false },
  startSmartId: { method: 'POST', path: '/oauth2/v2/authorize/sid/start', body: smartIdStartRequestSchema, response: authenticationStartResponseSchema, isAuthenticated: false },
  smartIdStatus: { method: 'GET', path: '/oauth2/v2/authorize/sid/:authenticationSessionId/status', params: authenticationSessionParamsSchema, response: authenticationStatusResponseSchema, isAuthenticated: false },
  cancelSmartId: { method: 'POST', path: '/oauth2/v2/authorize/sid/:authenticationSessionId/cancel', params: authenticationSessionParamsSchema, isAuthenticated: false },
  /** Served on the eid host, which asks for the ID-card's client certificate. */
  idCard: { method: 'POST', path: '/oauth2/v2/authorize/eid', body: idCardAuthorizeRequestSchema, response: idCardAuthorizeResponseSchema, isAuthenticated: false },
  /** Simulated mode only: a challenge nonce for the simulated card reader. */
  idCardChallenge: { method: 'POST', path: '/oauth2/v2/authorize/eid/challenge', body: idCardChallengeRequestSchema, response: idCardChallengeResponseSchema, isAuthenticated: false },
  /** Simulated mode only: the simulated card's authentication token over the nonce, answered with a code. */
  simulatedIdCard: { method: 'POST', path: '/oauth2/v2/authorize/eid/simulated', body: simulatedIdCardAuthorizeRequestSchema, response: idCardAuthorizeResponseSchema, isAuthenticated: false },
  token: { method: 'POST', path: '/oauth2/v2/authorize/token', body: tokenRequestSchema, response: tokenResponseSchema, isAuthenticated: false },
  refresh: { method: 'POST', path: '/oauth2/v2/authorize/refresh', body: refreshRequestSchema, response: tokenResponseSchema, isAuthenticated: false },
  logout: { method: 'POST', path: '/oauth2/v2/authorize/logout', body: logoutRequestSchema, isAuthenticated: false },
  magic: { method: 'POST', path: '/oauth2/v2/authorize/magic', body: magicSignInPayloadSchema, response: tokenResponseSchema, isAuthenticated: false },
} as const satisfies Record<string, Endpoint>;

/** Authentication events of docs/requirements.md section 7 (onboarding API). */
export const authenticationEventEndpoints = {
  failed: { method: 'POST', path: '/onboarding/legal/anonymous/authentication-event/failed', body: authenticationEventSchema, isAuthenticated: false },
  completed: { method: 'POST', path: '/onboarding/legal/authentication-event/completed', body: authenticationEventSchema, isAuthenticated: true },
} as const satisfies Record<string, Endpoint>;
