import diagnostics from 'node:diagnostics_channel';
import {
  authEndpoints,
  authenticationEventEndpoints,
  healthEndpoints,
  integrationEndpoints,
  invitationEndpoints,
  onboardingEndpoints,
  referenceEndpoints,
  registerEndpoints,
  signingEndpoints,
  type NamedEndpoint,
} from '@onboarding/domain';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.js';
import { contractRoutes, errorResponsesOf } from './contract-routes.js';
import { validatorCompiler } from './validation.js';

/** Every group of contracts, by the name its operationIds start with. */
const GROUPS: Record<string, Record<string, NamedEndpoint>> = {
  auth: authEndpoints,
  authenticationEvent: authenticationEventEndpoints,
  onboarding: onboardingEndpoints,
  signing: signingEndpoints,
  invitations: invitationEndpoints,
  reference: referenceEndpoints,
  register: registerEndpoints,
  integration: integrationEndpoints,
  health: healthEndpoints,
};
const CONTRACTS = Object.values(GROUPS).flatMap((group) => Object.values(group));
const keyOf = (method: string, url: string) => `${method} ${url}`;
const contractByRoute = new Map(CONTRACTS.map((endpoint) => [keyOf(endpoint.method, endpoint.path), endpoint]));

/** The API prefixes whose every route is a contract's. */
const CONTRACT_PREFIXES = ['/onboarding/', '/integration/v1/', '/oauth2/v2/'];

type Operation = {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
  parameters?: unknown[];
  requestBody?: unknown;
};
type Document = { paths: Record<string, Record<string, Operation>> };

let app: FastifyInstance;
const routes: RouteOptions[] = [];
const documents: Record<'onboarding' | 'integration', Document> = { onboarding: { paths: {} }, integration: { paths: {} } };

beforeAll(async () => {
  // Every route as it is registered: Fastify announces each new instance on this channel before any route is added.
  const record = ({ fastify }: { fastify: FastifyInstance }) => fastify.addHook('onRoute', (route) => void routes.push(route));
  diagnostics.subscribe('fastify.initialization', record as (message: unknown) => void);
  try {
    // With the eid proxy's header, so that the ID-card sign-in is served here too (simulated mode adds its stand-ins).
    app = await buildTestApp({ EID_CLIENT_CERT_HEADER: 'x-ssl-client-cert' });
  } finally {
    diagnostics.unsubscribe('fastify.initialization', record as (message: unknown) => void);
  }
  await app.ready();
  documents.onboarding = (await app.inject({ method: 'GET', url: onboardingEndpoints.openApi.path })).json() as Document;
  documents.integration = (await app.inject({ method: 'GET', url: integrationEndpoints.openApi.path })).json() as Document;
}, 60_000);

afterAll(async () => {
  await app?.close();
});

/** The routes of the app (not Fastify's own HEAD twins of GET routes), each method on its own. */
const servedRoutes = () =>
  routes.flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD').map((method) => ({ method, route })),
  );

/** The operation of a contract in the document that describes its API. */
function operationOf(endpoint: NamedEndpoint): Operation | undefined {
  const document = documents[endpoint.path === integrationEndpoints.token.path || endpoint.path.startsWith('/integration/') ? 'integration' : 'onboarding'];
  return document.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];
}

describe('routes from contracts', () => {
  it('every contract has its route, built from it: its operationId, or kept out of the documents', () => {
    for (const endpoint of CONTRACTS) {
      const served = servedRoutes().filter(({ method, route }) => method === endpoint.method && route.url === endpoint.path);
      expect(served.length, `${endpoint.operationId}: ${endpoint.method} ${endpoint.path}`).toBe(1);
      const schema = served[0]?.route.schema as { operationId?: string; hide?: boolean } | undefined;
      expect(endpoint.isUndocumented ? schema?.hide : schema?.operationId, endpoint.operationId).toBe(endpoint.isUndocumented ? true : endpoint.operationId);
    }
  });

  it('every route under /onboarding, /integration/v1 and /oauth2/v2 has a contract', () => {
    const apiRoutes = servedRoutes().filter(({ route }) => CONTRACT_PREFIXES.some((prefix) => route.url.startsWith(prefix)));
    expect(apiRoutes.length).toBeGreaterThan(40);
    const withoutContract = apiRoutes.map(({ method, route }) => keyOf(method, route.url)).filter((key) => !contractByRoute.has(key));
    expect(withoutContract).toEqual([]);
  });

  it('names every endpoint after its group and key: stable, camelCase and unique operationIds', () => {
    const ids = Object.entries(GROUPS).flatMap(([group, endpoints]) =>
      Object.entries(endpoints).map(([key, endpoint]) => {
        expect(endpoint.operationId).toBe(`${group}${key.charAt(0).toUpperCase()}${key.slice(1)}`);
        expect(endpoint.operationId).toMatch(/^[a-z][A-Za-z0-9]*$/);
        return endpoint.operationId;
      }),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the OpenAPI documents', () => {
  it('describe exactly the documented contracts, each with its operationId, tag and security', () => {
    const documented = CONTRACTS.filter((endpoint) => !endpoint.isUndocumented);
    const operationCount = Object.values(documents).reduce(
      (count, document) => count + Object.values(document.paths).flatMap((item) => Object.values(item)).length,
      0,
    );
    expect(operationCount).toBe(documented.length);
    for (const endpoint of documented) {
      const operation = operationOf(endpoint);
      expect(operation, endpoint.operationId).toBeDefined();
      expect(operation?.operationId).toBe(endpoint.operationId);
      expect(operation?.tags).toEqual([endpoint.tag]);
      const security = !endpoint.isAuthenticated ? [] : endpoint.scope ? [{ bankClient: [endpoint.scope] }] : [{ bearerAuth: [] }];
      expect(operation?.security, endpoint.operationId).toEqual(security);
    }
  });

  it("list each operation's error answers as its contract gives them, a 4xx for every one that takes input or a token", () => {
    for (const endpoint of CONTRACTS.filter((candidate) => !candidate.isUndocumented)) {
      const operation = operationOf(endpoint);
      const errorStatuses = Object.keys(operation?.responses ?? {}).filter((status) => Number(status) >= 400);
      expect(errorStatuses, endpoint.operationId).toEqual(Object.keys(errorResponsesOf(endpoint)));
      const takesInput = endpoint.method !== 'GET' || endpoint.params || endpoint.query || endpoint.isAuthenticated;
      if (takesInput) expect(errorStatuses.filter((status) => status.startsWith('4')).length, endpoint.operationId).toBeGreaterThan(0);
    }
  });
});

describe('contractRoutes', () => {
  it('refuses a route for an endpoint that needs a token when its API was given no way to check one', async () => {
    const bare = Fastify();
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(serializerCompiler);
    try {
      expect(() => contractRoutes(bare)(onboardingEndpoints.representative, { summary: 'x' }, () => undefined as never)).toThrow(/needs a token/);
    } finally {
      await bare.close();
    }
  });

  it('gives every code its status: the API codes of API_ERROR_STATUS, sign-in failures as 400, OAuth refusals in their own body', () => {
    expect(Object.keys(errorResponsesOf(onboardingEndpoints.saveStep))).toEqual(['400', '401', '404', '409', '413', '415', '429']);
    expect(Object.keys(errorResponsesOf(authEndpoints.smartIdStatus))).toEqual(['400', '404']);
    expect(errorResponsesOf(authEndpoints.smartIdStatus)[400]?.description).toMatch(/user_not_found/);
    // The token endpoint answers a request it cannot read with invalid_request, not VALIDATION_FAILED.
    const token = errorResponsesOf(integrationEndpoints.token);
    expect(Object.keys(token)).toEqual(['400', '401', '413', '429']);
    expect(token[400]?.description).toMatch(/invalid_request/);
    expect(token[400]?.description).not.toMatch(/VALIDATION_FAILED/);
    expect(Object.keys(errorResponsesOf(referenceEndpoints.countries))).toEqual([]);
  });
});
