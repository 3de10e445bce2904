import type { FastifyInstance } from 'fastify';

/** The part of JSON Schema the OpenAPI document uses (draft 2020-12 as fastify-type-provider-zod writes it). */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  nullable?: boolean;
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One route of the OpenAPI document. */
export type Operation = {
  method: HttpMethod;
  /** The path as the document writes it, parameters as `{name}`. */
  path: string;
  /** Path parameters in the order they appear. */
  params: string[];
  /** The query parameters the route requires. */
  query: string[];
  /** The JSON request body's schema, when the route takes a body. */
  body?: JsonSchema;
  /** True when the document asks for the bearer token. */
  isAuthenticated: boolean;
  /** `METHOD path`, for messages and tables. */
  key: string;
};

export type OpenApiDocument = { operations: Operation[]; components: Record<string, JsonSchema> };

type RawOperation = {
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

const METHODS: readonly string[] = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Every operation of a served OpenAPI document (GET /onboarding/openapi.json unless `url` names another),
 * so the suites reach a route the day it is added, without being edited.
 */
export async function readOpenApi(app: FastifyInstance, url = '/onboarding/openapi.json'): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url });
  if (response.statusCode !== 200) throw new Error(`openapi.json answered ${response.statusCode}`);
  const document = response.json() as { paths: Record<string, Record<string, RawOperation>>; components?: { schemas?: Record<string, JsonSchema> } };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const params = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
      const body = raw.requestBody?.content?.['application/json']?.schema;
      const upper = method.toUpperCase() as HttpMethod;
      const query = (raw.parameters ?? []).filter((parameter) => parameter.in === 'query' && parameter.required === true).map((parameter) => parameter.name);
      operations.push({
        method: upper,
        path,
        params,
        query,
        ...(body ? { body } : {}),
        isAuthenticated: (raw.security ?? []).length > 0,
        key: `${upper} ${path}`,
      });
    }
  }
  return { operations, components: document.components?.schemas ?? {} };
}

/** The path with its parameters filled in, each encoded by `encode` (URI component encoding by default). */
export const fillPath = (path: string, values: Record<string, string>, encode: (value: string) => string = encodeURIComponent): string =>
  path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name}`);
    return encode(value);
  });
