import type { z } from 'zod';
import type { ApiErrorCode } from '../api-errors.js';
import type { IntegrationScope, OAuthErrorCode } from '../schemas/integration.js';

/**
 * One endpoint's contract, declared once (docs/style.md habit 2): the server route,
 * the OpenAPI document and the web client all read it. Path parameters are
 * written `:name`. The server builds its route from it (apps/api/src/plugins/contract-routes.ts),
 * so the method, path, token check, OpenAPI tag, security and error answers
 * cannot drift from what the contract says.
 */
export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** The path's `:name` parameters, each with its rule. */
  params?: z.ZodType;
  /** The query string's parameters, each with its rule. */
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  /** True when the call needs `Authorization: Bearer <access token>`. */
  isAuthenticated: boolean;
  /** The integration API: the scope its access token must hold (a token without it is 403). */
  scope?: IntegrationScope;
  /**
   * How the call is refused, beyond what its declaration already implies (invalid parameters or body, a
   * malformed or oversized request, a missing token: see impliedErrors): codes of API_ERROR_STATUS.
   */
  errors?: readonly ApiErrorCode[];
  /** A sign-in call: its failures of docs/requirements.md section 8 are 400 with their lowercase code (user_not_found, timeout, ...). */
  hasSignInFailures?: boolean;
  /**
   * The token endpoint of RFC 6749: its refusals as section 5.2 answers them, `{ error, error_description }`; a
   * request it cannot read is invalid_request, not one of the API's codes.
   */
  oauthErrors?: readonly OAuthErrorCode[];
  /** The OpenAPI tag the endpoint is listed under, when not its group's. */
  tag?: string;
  /** Served but not an operation of the OpenAPI document (the documents themselves). */
  isUndocumented?: boolean;
};

/** An endpoint of a group (endpointGroup): its name in the OpenAPI document, and the tag it is listed under. */
export type NamedEndpoint = Endpoint & { readonly operationId: string; readonly tag: string };

type Named<Group extends string, Key extends string, E extends Endpoint> = E & { readonly operationId: `${Group}${Capitalize<Key>}`; readonly tag: string };

/**
 * A group of contracts under one name: each endpoint's operationId is the group's name and its key
 * (`onboarding` and `saveStep` give `onboardingSaveStep`), so it is stable, camelCase and, as the groups'
 * names differ, unique; each is listed under `tag` unless it names its own.
 */
export function endpointGroup<const Group extends string, const Endpoints extends Record<string, Endpoint>>(
  group: Group,
  tag: string,
  endpoints: Endpoints,
): { readonly [Key in keyof Endpoints & string]: Named<Group, Key, Endpoints[Key]> } {
  const named = Object.entries(endpoints).map(([key, endpoint]) => [
    key,
    { ...endpoint, operationId: `${group}${key.charAt(0).toUpperCase()}${key.slice(1)}`, tag: endpoint.tag ?? tag },
  ]);
  return Object.fromEntries(named) as { readonly [Key in keyof Endpoints & string]: Named<Group, Key, Endpoints[Key]> };
}

/** Fills `:name` parameters of a path. */
export const endpointPath = (path: string, params: Record<string, string> = {}): string =>
  path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
