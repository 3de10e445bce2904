import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';

/**
 * Two OpenAPI documents from one server: /onboarding/openapi.json for the web app's API and
 * /integration/v1/openapi.json for the bank's systems. Each describes its own routes only.
 */

type Document = {
  openapi: string;
  paths: Record<
    string,
    Record<string, { security?: Record<string, string[]>[]; responses?: Record<string, unknown>; parameters?: { in: string; name: string }[] }>
  >;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
};

let app: FastifyInstance;
let integration: Document;
let onboarding: Document;

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const served = await app.inject({ method: 'GET', url: '/integration/v1/openapi.json' });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toMatch(/^application\/json/);
  integration = served.json() as Document;
  onboarding = (await app.inject({ method: 'GET', url: '/onboarding/openapi.json' })).json() as Document;
}, 60_000);

afterAll(async () => {
  await app?.close();
});

/** Every `$ref` in the document, which must name a component the document has. */
function refsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refsOf(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push(item);
      else refsOf(item, found);
    }
  }
  return found;
}

describe('/integration/v1/openapi.json', () => {
  it('describes the token endpoint, the read API, the decisions and the customers, each operation with its responses and path parameters', () => {
    expect(integration.openapi).toMatch(/^3\./);
    expect(Object.keys(integration.paths).sort()).toEqual([
      '/integration/v1/applications',
      '/integration/v1/applications/{processId}',
      '/integration/v1/applications/{processId}/contract',
      '/integration/v1/applications/{processId}/decisions',
      '/integration/v1/applications/{processId}/signed',
      '/integration/v1/customers/{registryCountryCode}/{registryCode}',
      '/oauth2/v2/token',
    ]);
    for (const [path, item] of Object.entries(integration.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const operation of Object.values(item)) {
        expect(operation.responses, path).toBeDefined();
        expect(
          (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
          path,
        ).toEqual(names);
      }
    }
    const token = integration.paths['/oauth2/v2/token']?.post as { requestBody?: { content?: Record<string, unknown> } } | undefined;
    expect(Object.keys(token?.requestBody?.content ?? {})).toEqual(['application/x-www-form-urlencoded']);
  });

  it('names the oauth2 client credentials scheme with its token URL; reads need applications:read, decisions applications:decide, customers customers:manage', () => {
    expect(integration.components?.securitySchemes?.bankClient).toEqual({
      type: 'oauth2',
      flows: {
        clientCredentials: {
          tokenUrl: 'http://localhost:3000/oauth2/v2/token',
          scopes: {
            'applications:read': expect.any(String) as string,
            'applications:decide': expect.any(String) as string,
            'customers:manage': expect.any(String) as string,
          },
        },
      },
    });
    for (const [path, item] of Object.entries(integration.paths)) {
      if (!path.startsWith('/integration/')) continue;
      for (const [method, operation] of Object.entries(item)) {
        const scope = path.startsWith('/integration/v1/customers/') ? 'customers:manage' : method === 'post' ? 'applications:decide' : 'applications:read';
        expect(operation.security, `${method} ${path}`).toEqual([{ bankClient: [scope] }]);
      }
    }
  });

  it('resolves every reference within itself', () => {
    const schemas = integration.components?.schemas ?? {};
    for (const ref of refsOf(integration)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(schemas[ref.replace('#/components/schemas/', '')], ref).toBeDefined();
    }
  });
});

describe('the two documents', () => {
  it('share no path: the integration routes stay out of the onboarding document and the onboarding routes out of this one', () => {
    const integrationPaths = Object.keys(integration.paths);
    const onboardingPaths = Object.keys(onboarding.paths);
    expect(onboardingPaths.length).toBeGreaterThan(10);
    expect(integrationPaths.filter((path) => onboardingPaths.includes(path))).toEqual([]);
    expect(onboardingPaths.filter((path) => path.startsWith('/integration/') || path === '/oauth2/v2/token')).toEqual([]);
    expect(onboarding.components?.securitySchemes?.bankClient).toBeUndefined();
  });
});
