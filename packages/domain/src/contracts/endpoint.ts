import type { z } from 'zod';

/**
 * One endpoint's contract, declared once (docs/style.md habit 2): the server
 * route, the OpenAPI document and the web client all read it. Path parameters
 * are written `:name`.
 */
export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** The path's `:name` parameters, each with its rule. */
  params?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  /** True when the call needs `Authorization: Bearer <access token>`. */
  isAuthenticated: boolean;
};

/** Fills `:name` parameters of a path. */
export const endpointPath = (path: string, params: Record<string, string> = {}): string =>
  path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
