import { onboardingEndpoints } from '@onboarding/domain';
import { MutationObserver, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../lib/api-client';
import { ApiError, NetworkError } from '../lib/api-errors';
import { jsonResponse } from '../test/fake-token';
import { createQueryClient } from './query-client';

/*
 * docs/requirements.md section 7 counted in requests, through the application's
 * own query client and API client together: whatever retries, it must be one
 * layer.
 */

const fetchMock = vi.fn<typeof fetch>();
let queryClient: QueryClient;

/** Long enough for any backoff of either layer to run out. */
const UNTIL_SETTLED_MS = 120_000;

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  queryClient = createQueryClient();
});
afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Runs the query as a mounted useQuery would (the client's default options), until it settles. */
async function runQuery(): Promise<unknown> {
  const observer = new QueryObserver(queryClient, {
    queryKey: ['representative'],
    queryFn: ({ signal }) => apiRequest(onboardingEndpoints.representative, { signal }),
  });
  const unsubscribe = observer.subscribe(() => undefined);
  await vi.advanceTimersByTimeAsync(UNTIL_SETTLED_MS);
  unsubscribe();
  return observer.getCurrentResult().error;
}

/** Runs the mutation as useMutation would, until it settles. */
async function runMutation(): Promise<unknown> {
  const observer = new MutationObserver(queryClient, {
    mutationFn: () => apiRequest(onboardingEndpoints.createApplication, { body: { source: 'REGISTER', registryCode: '10000356', registryCountryCode: 'EE' } }),
  });
  const result = observer.mutate().catch((error: unknown) => error);
  await vi.advanceTimersByTimeAsync(UNTIL_SETTLED_MS);
  return result;
}

describe('request retries (docs/requirements.md section 7)', () => {
  it('a query whose GET keeps answering 503 makes 4 requests: the first and 3 retries', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ code: 'SERVICE_UNAVAILABLE' }, 503));
    expect(await runQuery()).toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('a query answered 4xx makes 1 request', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ code: 'NOT_FOUND' }, 404));
    expect(await runQuery()).toMatchObject({ status: 404 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a query that gets no answer makes 3 requests: the first and 2 retries', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await runQuery()).toBeInstanceOf(NetworkError);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('a mutation whose POST keeps answering 503 makes 4 requests', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ code: 'SERVICE_UNAVAILABLE' }, 503));
    expect(await runMutation()).toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('a mutation answered 4xx makes 1 request', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ code: 'VALIDATION_FAILED' }, 400));
    const error = await runMutation();
    expect(error).toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a mutation that gets no answer makes 3 requests', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await runMutation()).toBeInstanceOf(NetworkError);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
