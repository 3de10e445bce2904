import {
  API_ERROR_STATUS,
  apiErrorBodySchema,
  OAUTH_ERROR_STATUS,
  oauthErrorBodySchema,
  type ApiErrorCode,
  type Endpoint,
  type NamedEndpoint,
} from '@onboarding/domain';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  LogLevel,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_MESSAGES } from '../errors.js';
import { SIGN_IN_FAILURE_CODES } from '../modules/identity/types.js';

/** A hook of a route: the token check, a rate limit, a consent check. */
export type RouteHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** An OpenAPI security requirement: scheme name to the scopes it needs. */
export type SecurityRequirement = Record<string, string[]>;

/**
 * How an API checks its callers: the onRequest hook that lets the caller of an authenticated endpoint through (before
 * the body is read, so an anonymous caller learns nothing of the route from a validation error), and the OpenAPI
 * security requirement it stands for.
 */
export type RouteAuth = {
  hook: (endpoint: NamedEndpoint) => RouteHook;
  security: (endpoint: NamedEndpoint) => SecurityRequirement[];
};

type SuccessStatus = 200 | 201 | 202 | 204;
type Responses = Partial<Record<number, z.ZodType>>;

export type ContractRouteOptions<Status extends SuccessStatus, Headers extends z.ZodType | undefined, Extra extends Responses> = {
  summary: string;
  description?: string;
  /** The status of the success answer: 200 unless said; 204 answers no body. */
  status?: Status;
  /** The success answer is a file of this media type (a PDF, a signed container), not JSON; `description` says what it is. */
  file?: { mediaType: string; description: string };
  /** Answers besides the success and the contract's errors (a cached list's 304). */
  responses?: Extra;
  /** Request headers the route reads, each with its rule. */
  headers?: Headers;
  /** Media types of the body, when not JSON. */
  consumes?: string[];
  /** Hooks run after the token check and before the body is read (rate limits by client address). */
  onRequest?: RouteHook | RouteHook[];
  /** Hooks run once the request is valid (rate limits by person or by the body's personal code, the consent check). */
  preHandler?: RouteHook | RouteHook[];
  /** Bytes the body may have, when not the server's limit. */
  bodyLimit?: number;
  /**
   * The lowest level this route's request logs are written at, when not the server's: 'warn' drops the two info
   * lines of each request (incoming, completed) of a route asked every second by everyone waiting; its warnings
   * and errors are still written.
   */
  logLevel?: LogLevel;
};

/** What the handler is typed by: the contract's parameters, query and body, and its success answer. */
type ContractSchema<E extends Endpoint, Status extends SuccessStatus, Headers, Extra> = {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  headers: Headers;
  response: Record<Status, Status extends 204 ? z.ZodNull : E['response'] extends z.ZodType ? E['response'] : z.ZodUnknown> & Extra;
};

export type ContractHandler<E extends Endpoint, Status extends SuccessStatus = 200, Headers = undefined, Extra = Record<never, never>> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  ContractSchema<E, Status, Headers, Extra>,
  ZodTypeProvider
>;

/**
 * The errors an endpoint answers because of what it is, whatever its handler does: invalid parameters, query or
 * body (VALIDATION_FAILED); for every method but GET, a body that cannot be read, is not JSON or is too large
 * (Fastify reads a body even when the route declares none); a missing or bad token (UNAUTHORIZED), a token without
 * the scope (FORBIDDEN). The token endpoint of RFC 6749 answers a request it cannot read with its own
 * invalid_request (modules/integration/token-routes.ts), not with the API's codes.
 */
function impliedErrors(endpoint: Endpoint): ApiErrorCode[] {
  const isOAuth = endpoint.oauthErrors !== undefined;
  const readsBody = endpoint.method !== 'GET';
  return [
    ...((endpoint.params ?? endpoint.query ?? endpoint.body) && !isOAuth ? (['VALIDATION_FAILED'] as const) : []),
    ...(readsBody && !isOAuth ? (['MALFORMED_REQUEST', 'UNSUPPORTED_MEDIA_TYPE'] as const) : []),
    ...(readsBody ? (['PAYLOAD_TOO_LARGE'] as const) : []),
    ...(endpoint.isAuthenticated ? (['UNAUTHORIZED'] as const) : []),
    ...(endpoint.scope ? (['FORBIDDEN'] as const) : []),
  ];
}

/** Every error code the endpoint answers with: those its declaration implies and those it names. */
const errorCodesOf = (endpoint: Endpoint): ApiErrorCode[] => [...new Set([...impliedErrors(endpoint), ...(endpoint.errors ?? [])])];

/**
 * The endpoint's error answers by status, each with its body's schema and, as its description, the codes it may
 * carry: the OpenAPI document lists them, and the serializer checks what is sent.
 */
export function errorResponsesOf(endpoint: Endpoint): Record<number, z.ZodType> {
  const byStatus = new Map<number, { format: 'api' | 'oauth'; lines: string[] }>();
  const add = (status: number, format: 'api' | 'oauth', line: string) => {
    const entry = byStatus.get(status) ?? { format, lines: [] };
    if (entry.format !== format) throw new Error(`${endpoint.method} ${endpoint.path} answers ${status} both as an OAuth error and as an API error`);
    entry.lines.push(line);
    byStatus.set(status, entry);
  };
  for (const code of errorCodesOf(endpoint)) add(API_ERROR_STATUS[code], 'api', `\`${code}\`: ${DEFAULT_MESSAGES[code]}`);
  if (endpoint.hasSignInFailures)
    add(
      400,
      'api',
      `A sign-in failure of docs/requirements.md section 8, by its lowercase code: ${SIGN_IN_FAILURE_CODES.map((code) => `\`${code}\``).join(', ')}.`,
    );
  for (const error of endpoint.oauthErrors ?? []) add(OAUTH_ERROR_STATUS[error], 'oauth', `\`${error}\` (RFC 6749 section 5.2)`);
  const sorted = [...byStatus.entries()].sort(([a], [b]) => a - b);
  return Object.fromEntries(
    sorted.map(([status, entry]) => [status, (entry.format === 'api' ? apiErrorBodySchema : oauthErrorBodySchema).describe(entry.lines.join('\n\n'))]),
  );
}

/** A file answer: its bytes go out as they are (Fastify serialises no Buffer), the document names its media type. */
const fileResponse = ({ mediaType, description }: { mediaType: string; description: string }) => ({
  description,
  content: { [mediaType]: { schema: z.string().meta({ format: 'binary' }) } },
});

const listOf = (hooks: RouteHook | RouteHook[] | undefined): RouteHook[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/**
 * Routes built from their contracts (packages/domain/src/contracts): the method, the path, the token check, the
 * OpenAPI operationId, tag and security, the parameters, query and body with their rules, and the error answers
 * all come from the endpoint, so a route cannot leave one out or say otherwise. `auth` is how this API checks a
 * caller; without it an authenticated endpoint is refused when its route is registered.
 *
 *     const route = contractRoutes(app, applicantAuth(requireUser));
 *     route(onboardingEndpoints.application, { summary: 'An application' }, (request) => service.application(...));
 */
export function contractRoutes(app: FastifyInstance, auth?: RouteAuth) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  return function route<
    E extends NamedEndpoint,
    Status extends SuccessStatus = 200,
    Headers extends z.ZodType | undefined = undefined,
    Extra extends Responses = Record<never, never>,
  >(
    endpoint: E,
    options: E['isUndocumented'] extends true ? Record<string, never> : ContractRouteOptions<Status, Headers, Extra>,
    handler: ContractHandler<E, Status, Headers, Extra>,
  ): void {
    if (endpoint.isAuthenticated && !auth) throw new Error(`${endpoint.operationId} needs a token, and its routes were given no way to check one`);
    const authHooks = endpoint.isAuthenticated && auth ? [auth.hook(endpoint)] : [];
    if (endpoint.isUndocumented) {
      typed.route({
        method: endpoint.method,
        url: endpoint.path,
        schema: { hide: true },
        ...(authHooks.length > 0 ? { onRequest: authHooks } : {}),
        handler: handler as RouteHandlerMethod,
      });
      return;
    }
    const documented = options as ContractRouteOptions<Status, Headers, Extra>;
    const status = documented.status ?? 200;
    const success = status === 204 ? z.null() : documented.file ? fileResponse(documented.file) : endpoint.response;
    const onRequest = [...authHooks, ...listOf(documented.onRequest)];
    const preHandler = listOf(documented.preHandler);
    typed.route({
      method: endpoint.method,
      url: endpoint.path,
      ...(onRequest.length > 0 ? { onRequest } : {}),
      ...(preHandler.length > 0 ? { preHandler } : {}),
      ...(documented.bodyLimit === undefined ? {} : { bodyLimit: documented.bodyLimit }),
      ...(documented.logLevel ? { logLevel: documented.logLevel } : {}),
      schema: {
        operationId: endpoint.operationId,
        tags: [endpoint.tag],
        summary: documented.summary,
        ...(documented.description ? { description: documented.description } : {}),
        security: endpoint.isAuthenticated && auth ? auth.security(endpoint) : [],
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(documented.headers ? { headers: documented.headers } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(documented.consumes ? { consumes: documented.consumes } : {}),
        response: { ...(success ? { [status]: success } : {}), ...documented.responses, ...errorResponsesOf(endpoint) },
      },
      handler: handler as RouteHandlerMethod,
    });
  };
}
