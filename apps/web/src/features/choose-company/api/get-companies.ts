import { onboardingEndpoints } from '@onboarding/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { REGISTER_UNAVAILABLE } from '../../../lib/register-unavailable';

export const companiesQueryKey = ['representative', 'companies'] as const;

export const getCompanies = (signal?: AbortSignal) => apiRequest(onboardingEndpoints.companies, { signal });

/** The business register's companies the representative may represent, and the pending manual application. */
export const companiesQueryOptions = () =>
  queryOptions({
    queryKey: companiesQueryKey,
    queryFn: ({ signal }) => getCompanies(signal),
    // The register's silence is told on the screen itself, not as a general error.
    meta: { isErrorShownInPlace: true, handledErrorCodes: [REGISTER_UNAVAILABLE] },
  });

export const useCompanies = () => useQuery(companiesQueryOptions());
