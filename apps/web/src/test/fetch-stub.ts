import { vi } from 'vitest';

export type StubRequest = { url: string; init: RequestInit; body: unknown };
export type StubHandler = (request: StubRequest) => Response | Promise<Response>;

/**
 * Stubs fetch at the HTTP boundary with handlers keyed "METHOD /path". A call
 * nobody expected answers 418 (never retried) and is listed in `unexpected`, so a test can
 * say so instead of watching retries of a network error.
 */
export function stubFetch(initial: Record<string, StubHandler> = {}) {
  const handlers = new Map(Object.entries(initial));
  const unexpected: string[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const handler = handlers.get(key);
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    if (!handler) {
      unexpected.push(key);
      return new Response(JSON.stringify({ code: 'NOT_STUBBED', message: key }), { status: 418 });
    }
    return handler({ url, init, body });
  });
  vi.stubGlobal('fetch', fetchMock);

  const callsTo = (key: string) =>
    fetchMock.mock.calls
      .filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key)
      .map(([url, init = {}]) => ({
        url,
        init,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      }));

  return {
    fetchMock,
    unexpected,
    callsTo,
    on: (key: string, handler: StubHandler) => handlers.set(key, handler),
  };
}
