import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportGlobalError } from './global-errors';

/**
 * docs/requirements.md section 7: no refetch on window focus. Queries and
 * mutations do not retry: every call they make goes through lib/api-client.ts,
 * which already retries as section 7 says (retryCountFor), and a retry here
 * would repeat that whole series: a GET answering 503 was sent 12 times instead
 * of 4.
 *
 * Mutations are retried there too, though a POST or PUT is not idempotent:
 * the API writes each change in one transaction, so a 5xx answer means
 * nothing was written and sending it again is safe; a change that did land
 * but whose answer was lost meets the optimistic version check (409) or the
 * one open application per company, not a second write.
 *
 * Every failure that is left after the retries goes to the global error handling of
 * docs/requirements.md section 8.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportGlobalError(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => reportGlobalError(error, mutation.meta) }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
