import {
  clientCredentialsTokenRequestSchema,
  clientCredentialsTokenResponseSchema,
  integrationApplicationPageSchema,
  integrationApplicationSchema,
} from '../schemas/integration.js';
import { recordDecisionRequestSchema, recordedDecisionSchema } from '../schemas/decisions.js';
import type { Endpoint } from './endpoint.js';
import { processParamsSchema } from './params.js';

/** Base path of the integration API of the bank's own systems. */
export const INTEGRATION_BASE_PATH = '/integration/v1';

/** The integration API's token endpoint (RFC 6749 section 4.4); the client assertion's audience is its full URL. */
export const INTEGRATION_TOKEN_PATH = '/oauth2/v2/token';

/** The integration API: a token for a machine client, and the submitted applications it may read. */
export const integrationEndpoints = {
  token: { method: 'POST', path: INTEGRATION_TOKEN_PATH, body: clientCredentialsTokenRequestSchema, response: clientCredentialsTokenResponseSchema, isAuthenticated: false },
  /** Submitted applications, oldest change first, a page at a time (scope applications:read). */
  applications: { method: 'GET', path: '/integration/v1/applications', response: integrationApplicationPageSchema, isAuthenticated: true },
  /** One submitted application whole: steps, facts with sources, discrepancies, history (scope applications:read). */
  application: { method: 'GET', path: '/integration/v1/applications/:processId', params: processParamsSchema, response: integrationApplicationSchema, isAuthenticated: true },
  /** The signed contract's PDF. */
  contract: { method: 'GET', path: '/integration/v1/applications/:processId/contract', params: processParamsSchema, isAuthenticated: true },
  /** The signed ASiC-E container (the PDF, the XAdES signature, its time-stamp and OCSP status). */
  signedContract: { method: 'GET', path: '/integration/v1/applications/:processId/signed', params: processParamsSchema, isAuthenticated: true },
  /**
   * Records what the bank did or decided (scope applications:decide), on the version it read; with an
   * Idempotency-Key header, a repeat gets the first answer.
   */
  decisions: {
    method: 'POST',
    path: '/integration/v1/applications/:processId/decisions',
    params: processParamsSchema,
    body: recordDecisionRequestSchema,
    response: recordedDecisionSchema,
    isAuthenticated: true,
  },
  openApi: { method: 'GET', path: '/integration/v1/openapi.json', isAuthenticated: false },
} as const satisfies Record<string, Endpoint>;
