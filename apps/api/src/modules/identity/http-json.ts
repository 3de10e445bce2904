/** The network failed, timed out or the answer was unreadable: the caller maps it to `unexpected`. */
export class TransportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransportError';
  }
}

export type JsonResponse = { status: number; body: unknown };

export type RequestJsonInit = { method: 'GET' | 'POST'; body?: unknown; timeoutMs: number };

/**
 * One JSON request to an SK service. Any HTTP status is returned to the caller,
 * who owns the status table; only transport failures throw.
 */
export const requestJson = async (fetchFn: typeof fetch, url: URL, init: RequestJsonInit): Promise<JsonResponse> => {
  let response: Response;
  let text: string;
  try {
    response = await fetchFn(url, {
      method: init.method,
      headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? null : JSON.stringify(init.body),
      // SK's APIs never redirect. Followed, a 307 or 308 would send the body, with the relying
      // party's UUID (a shared secret, docs/eid-facts.md section 3.1), to whatever host it names and
      // take that host's session as SK's (found by the faults-sk-clients suite): a transport failure instead.
      redirect: 'error',
      // One bound from connecting to the last byte of the body: a hung SK fails the call, never our request.
      signal: AbortSignal.timeout(init.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    throw new TransportError(`${init.method} ${url.pathname} failed`, { cause: error });
  }
  try {
    return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
  } catch {
    // Error bodies are for developers only (docs/eid-facts.md section 3.4); a non-JSON one still carries its status.
    return { status: response.status, body: null };
  }
};

/** The service's base URL with a trailing slash, so relative paths resolve beneath it rather than beside it. */
export const normaliseBaseUrl = (baseUrl: string): URL => new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
