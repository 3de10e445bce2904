import { registerCompanyParamsSchema } from '../schemas/register.js';
import {
  bankCustomerSchema,
  clientCredentialsTokenRequestSchema,
  clientCredentialsTokenResponseSchema,
  integrationApplicationPageSchema,
  integrationApplicationSchema,
  listApplicationsQuerySchema,
} from '../schemas/integration.js';
import { recordDecisionRequestSchema, recordedDecisionSchema } from '../schemas/decisions.js';
import { endpointGroup } from './endpoint.js';
import { processParamsSchema } from './params.js';

/** Base path of the integration API of the bank's own systems. */
export const INTEGRATION_BASE_PATH = '/integration/v1';

/** The integration API's token endpoint (RFC 6749 section 4.4); the client assertion's audience is its full URL. */
export const INTEGRATION_TOKEN_PATH = '/oauth2/v2/token';

/** The integration API: a token for a machine client, and the submitted applications it may read and decide on. */
export const integrationEndpoints = endpointGroup('integration', 'applications', {
  token: {
    method: 'POST',
    path: INTEGRATION_TOKEN_PATH,
    body: clientCredentialsTokenRequestSchema,
    response: clientCredentialsTokenResponseSchema,
    isAuthenticated: false,
    oauthErrors: ['invalid_request', 'invalid_client', 'unsupported_grant_type', 'invalid_scope'],
    errors: ['RATE_LIMITED'],
    tag: 'integration',
  },
  /** Submitted applications, oldest change first, a page at a time (scope applications:read). */
  applications: {
    method: 'GET',
    path: '/integration/v1/applications',
    query: listApplicationsQuerySchema,
    response: integrationApplicationPageSchema,
    isAuthenticated: true,
    scope: 'applications:read',
  },
  /** One submitted application whole: steps, facts with sources, discrepancies, history (scope applications:read). */
  application: {
    method: 'GET',
    path: '/integration/v1/applications/:processId',
    params: processParamsSchema,
    response: integrationApplicationSchema,
    isAuthenticated: true,
    scope: 'applications:read',
    errors: ['NOT_FOUND'],
  },
  /** The signed contract's PDF. */
  contract: {
    method: 'GET',
    path: '/integration/v1/applications/:processId/contract',
    params: processParamsSchema,
    isAuthenticated: true,
    scope: 'applications:read',
    errors: ['NOT_FOUND'],
  },
  /** The signed ASiC-E container (the PDF, the XAdES signature, its time-stamp and OCSP status). */
  signedContract: {
    method: 'GET',
    path: '/integration/v1/applications/:processId/signed',
    params: processParamsSchema,
    isAuthenticated: true,
    scope: 'applications:read',
    errors: ['NOT_FOUND'],
  },
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
    scope: 'applications:decide',
    errors: [
      'NOT_FOUND',
      'IDEMPOTENCY_KEY_REQUIRED',
      'IDEMPOTENCY_KEY_REUSED',
      'STALE_VERSION',
      'APPLICATION_DECIDED',
      'APPLICATION_NOT_SUBMITTED',
      'FEE_ALREADY_INVOICED',
      'RATE_LIMITED',
    ],
    tag: 'decisions',
  },
  /** Whether the company is listed as the bank's customer (scope customers:manage). */
  customer: {
    method: 'GET',
    path: '/integration/v1/customers/:registryCountryCode/:registryCode',
    params: registerCompanyParamsSchema,
    response: bankCustomerSchema,
    isAuthenticated: true,
    scope: 'customers:manage',
    errors: ['NOT_FOUND'],
    tag: 'customers',
  },
  /** Lists the company as the bank's customer; listing it again changes nothing (scope customers:manage). */
  addCustomer: {
    method: 'PUT',
    path: '/integration/v1/customers/:registryCountryCode/:registryCode',
    params: registerCompanyParamsSchema,
    response: bankCustomerSchema,
    isAuthenticated: true,
    scope: 'customers:manage',
    tag: 'customers',
  },
  /** Takes the company off the list (its accounts were closed): it may apply again (scope customers:manage). */
  removeCustomer: {
    method: 'DELETE',
    path: '/integration/v1/customers/:registryCountryCode/:registryCode',
    params: registerCompanyParamsSchema,
    isAuthenticated: true,
    scope: 'customers:manage',
    errors: ['NOT_FOUND'],
    tag: 'customers',
  },
  /** This API's OpenAPI document. */
  openApi: { method: 'GET', path: '/integration/v1/openapi.json', isAuthenticated: false, isUndocumented: true },
});
