import { endpointPath, type Endpoint } from '@onboarding/domain';
import type { z } from 'zod';
import { ApiError, NetworkError, parseErrorResponse } from './api-errors';
import { apiOriginFor } from './page-settings';
import { withRetry } from './retry';
import { emitSessionEnded } from './session-events';
import { clearSessionTokens, readSessionValue } from './session-storage';

export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : void;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;

export type RequestOptions<E extends Endpoint> = {
  params?: Record<string, string>;
  /** The query string's parameters, as the endpoint's query schema names them. */
  query?: Record<string, string>;
  /** Another origin, e.g. the eid host; by default the API's configured host (apiOriginFor), else the page's origin. */
  baseUrl?: string;
  signal?: AbortSignal;
  /**
   * At most this many retries; by default each failure gets what
   * docs/requirements.md section 7 gives it (retryCountFor in api-errors.ts). 0
   * for a call that must not be repeated.
   */
  retries?: number;
  /**
   * Lets the request outlive the page, for a save on pagehide. sendBeacon
   * cannot carry the bearer token, a keepalive fetch can.
   */
  keepalive?: boolean;
} & (E['body'] extends z.ZodType ? { body: BodyOf<E> } : { body?: undefined });

const ONBOARDING_PREFIX = '/onboarding/';

/**
 * docs/requirements.md section 6: a 401 or 403 from the onboarding API logs the
 * user out and clears the process id.
 */
function handleRejectedSession(path: string, error: ApiError): void {
  if (!path.startsWith(ONBOARDING_PREFIX) || (error.status !== 401 && error.status !== 403)) return;
  clearSessionTokens({ isProcessIdCleared: true });
  emitSessionEnded('unauthorized');
}

async function send<E extends Endpoint>(endpoint: E, url: string, body: string | undefined, signal?: AbortSignal, keepalive?: boolean): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (endpoint.isAuthenticated) {
    const accessToken = readSessionValue('accessToken');
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  }
  try {
    return await fetch(url, { method: endpoint.method, headers, body, credentials: 'include', signal, ...(keepalive ? { keepalive } : {}) });
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error;
    throw new NetworkError(error);
  }
}

/**
 * Calls one endpoint of the domain contracts: the path, method, body schema
 * and response schema all come from the Endpoint object (docs/style.md habit 2).
 */
export async function apiRequest<E extends Endpoint>(endpoint: E, options: RequestOptions<E>): Promise<ResponseOf<E>> {
  const path = endpointPath(endpoint.path, options.params);
  const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  const url = `${(options.baseUrl ?? apiOriginFor(path)).replace(/\/$/, '')}${path}${query}`;
  const payload = endpoint.body ? JSON.stringify(endpoint.body.parse(options.body)) : undefined;

  const attempt = async (): Promise<ResponseOf<E>> => {
    const response = await send(endpoint, url, payload, options.signal, options.keepalive);
    if (!response.ok) {
      const error = await parseErrorResponse(response);
      handleRejectedSession(path, error);
      throw error;
    }
    if (!endpoint.response) return undefined as ResponseOf<E>;
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      json = undefined;
    }
    const parsed = endpoint.response.safeParse(json);
    if (!parsed.success) throw new ApiError({ status: response.status, code: 'UNEXPECTED_RESPONSE' });
    return parsed.data as ResponseOf<E>;
  };

  // The only retry layer: queries and mutations do not retry on top of it (app/query-client.ts).
  return withRetry(attempt, { retries: options.retries, signal: options.signal });
}
