import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportGlobalError } from './global-errors';

/** Client errors (400-499) are never retried; SPEC.md section 7. */
function isClientError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * SPEC.md section 7: other query failures are retried up to 2 times; no refetch on window focus.
 * Every failure that is left after the retries goes to the global error handling of SPEC.md section 8.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportGlobalError(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => reportGlobalError(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
