import { authEndpoints, authenticationEventEndpoints, onboardingEndpoints } from '@onboarding/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/fake-token';
import { setPageSettings } from '../test/page-settings';
import { apiRequest } from './api-client';
import { ApiError, NetworkError, parseErrorResponse } from './api-errors';
import { onSessionEnded } from './session-events';
import { readSessionValue, writeSessionValues } from './session-storage';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  sessionStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('parseErrorResponse', () => {
  it('reads code, message and fields', async () => {
    const error = await parseErrorResponse(
      jsonResponse({ code: 'VALIDATION_FAILED', message: 'Invalid input', fields: [{ path: 'personalId', code: 'invalidPersonalId', params: {} }] }, 400),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid input',
      fields: [{ path: 'personalId', code: 'invalidPersonalId', params: {} }],
    });
  });

  it('keeps the lowercase sign-in code of a failed status call', async () => {
    expect(await parseErrorResponse(jsonResponse({ code: 'user_not_found', message: 'No such user' }, 404))).toMatchObject({
      status: 404,
      code: 'user_not_found',
      fields: [],
    });
  });

  it("reads when to retry a rate limit refusal: the body's seconds, or else the Retry-After header", async () => {
    expect(await parseErrorResponse(jsonResponse({ code: 'RATE_LIMITED', message: 'Too many', retryAfterSeconds: 42 }, 429))).toMatchObject({
      retryAfterSeconds: 42,
    });
    const headerOnly = new Response(JSON.stringify({ code: 'RATE_LIMITED' }), { status: 429, headers: { 'retry-after': '17' } });
    expect(await parseErrorResponse(headerOnly)).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 17 });
    const httpDate = new Response('', { status: 429, headers: { 'retry-after': 'Wed, 25 Nov 2026 15:00:00 GMT' } });
    expect((await parseErrorResponse(httpDate)).retryAfterSeconds).toBeUndefined();
  });

  it('falls back to HTTP_<status> when the body is not JSON', async () => {
    const error = await parseErrorResponse(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(error).toMatchObject({ status: 502, code: 'HTTP_502', fields: [] });
  });

  it("reads the body with the domain's error schema: a body of another shape says nothing but the status", async () => {
    expect(await parseErrorResponse(jsonResponse({ error: 'upstream timed out' }, 504))).toMatchObject({
      status: 504,
      code: 'HTTP_504',
      fields: [],
      registerChanges: [],
    });
    expect(await parseErrorResponse(jsonResponse({ code: 42, fields: 'none' }, 500))).toMatchObject({ status: 500, code: 'HTTP_500', fields: [] });
    const changed = await parseErrorResponse(
      jsonResponse({ code: 'REGISTER_CHANGED', message: 'Changed', registerChanges: [{ fact: 'BUSINESS_NAME', step: 'CompanyData' }] }, 409),
    );
    expect(changed.registerChanges).toEqual([{ fact: 'BUSINESS_NAME', step: 'CompanyData' }]);
  });
});

describe('apiRequest', () => {
  it('sends the endpoint method, path parameters and JSON body with credentials', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'RUNNING' }));
    await expect(apiRequest(authEndpoints.smartIdStatus, { params: { authenticationSessionId: 'a/b' } })).resolves.toEqual({ status: 'RUNNING' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/oauth2/v2/authorize/sid/a%2Fb/status');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include', body: undefined });
  });

  it('validates the body with the endpoint schema and sends what it outputs', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ accessToken: 'a', refreshToken: 'r' }));
    await apiRequest(authEndpoints.magic, { body: { idCode: '38001085718' } });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(JSON.parse(init.body as string)).toEqual({ channel: 'PUBLIC_WEB', personalId: '38001085718', personalIdCountryCode: 'EE' });
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('adds the bearer token only to authenticated endpoints', async () => {
    writeSessionValues({ accessToken: 'token-1' });
    fetchMock.mockResolvedValue(jsonResponse(null, 204));
    const event = { visitorId: 'v', result: 'COMPLETED' } as const;
    await apiRequest(authenticationEventEndpoints.completed, { body: event });
    await apiRequest(authenticationEventEndpoints.failed, { body: { ...event, result: 'FAILED' } });
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('Authorization')).toBe('Bearer token-1');
    expect(new Headers(fetchMock.mock.calls[1]![1]!.headers).get('Authorization')).toBeNull();
  });

  it('uses another origin when given one', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 'abc' }));
    const body = {
      responseType: 'code',
      clientId: 'onboarding',
      channel: 'PUBLIC_WEB',
      clientState: 'x'.repeat(64),
      codeChallenge: 'y'.repeat(43),
      codeChallengeMethod: 'S256',
    } as const;
    await apiRequest(authEndpoints.idCard, { baseUrl: 'https://eid.example.ee/', body });
    expect(fetchMock.mock.calls[0]![0]).toBe('https://eid.example.ee/oauth2/v2/authorize/eid');
  });

  it('throws ApiError for a 4xx without retrying', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 'timeout', message: 'Timed out' }, 400));
    await expect(apiRequest(authEndpoints.mobileIdStatus, { params: { authenticationSessionId: '1' } })).rejects.toMatchObject({
      status: 400,
      code: 'timeout',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('turns a failed fetch into NetworkError after 2 retries', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const result = apiRequest(authEndpoints.smartIdStatus, { params: { authenticationSessionId: '1' } }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await result).toBeInstanceOf(NetworkError);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('retries a 5xx and returns the later success', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 'SERVICE_UNAVAILABLE' }, 503)).mockResolvedValueOnce(jsonResponse({ status: 'RUNNING' }));
    const result = apiRequest(authEndpoints.smartIdStatus, { params: { authenticationSessionId: '1' } });
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toEqual({ status: 'RUNNING' });
  });

  it('rejects an answer that breaks the response schema', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'DONE' }));
    await expect(apiRequest(authEndpoints.smartIdStatus, { params: { authenticationSessionId: '1' } })).rejects.toMatchObject({ code: 'UNEXPECTED_RESPONSE' });
  });

  it.each([401, 403])('logs out and clears the process id on %i from the onboarding API', async (status) => {
    writeSessionValues({ accessToken: 'a', refreshToken: 'r', processId: 'p-1' });
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    fetchMock.mockResolvedValue(jsonResponse({ code: 'UNAUTHORIZED' }, status));
    await expect(apiRequest(authenticationEventEndpoints.completed, { body: { visitorId: 'v', result: 'COMPLETED' } })).rejects.toMatchObject({ status });
    stop();
    expect(readSessionValue('accessToken')).toBeNull();
    expect(readSessionValue('refreshToken')).toBeNull();
    expect(readSessionValue('processId')).toBeNull();
    expect(ended).toHaveBeenCalledWith('unauthorized');
  });

  it('leaves the session alone on a 401 from the auth API', async () => {
    writeSessionValues({ accessToken: 'a', refreshToken: 'r' });
    fetchMock.mockResolvedValue(jsonResponse({ code: 'UNAUTHORIZED' }, 401));
    await expect(apiRequest(authEndpoints.refresh, { body: { refreshToken: 'r' } })).rejects.toMatchObject({ status: 401 });
    expect(readSessionValue('accessToken')).toBe('a');
  });
});

describe('the APIs at their configured hosts (docs/requirements.md section 7)', () => {
  afterEach(() => setPageSettings());

  it('calls each API at the host the page settings name, and at the page’s own origin by default', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({}, 500)));
    await apiRequest(authEndpoints.magic, { body: { idCode: '38001085718' }, retries: 0 }).catch(() => undefined);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/oauth2/v2/authorize/magic');

    setPageSettings({ authApiUrl: 'https://login.pank.example', onboardingApiUrl: 'https://api.pank.example' });
    await apiRequest(authEndpoints.magic, { body: { idCode: '38001085718' }, retries: 0 }).catch(() => undefined);
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('https://login.pank.example/oauth2/v2/authorize/magic');
    await apiRequest(onboardingEndpoints.representative, { retries: 0 }).catch(() => undefined);
    expect(String(fetchMock.mock.calls[2]?.[0])).toBe('https://api.pank.example/onboarding/representative');
  });
});
