import { onboardingEndpoints } from '@onboarding/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const representativeQueryKey = ['representative'] as const;

export const getRepresentative = (signal?: AbortSignal) => apiRequest(onboardingEndpoints.representative, { signal });

/**
 * The signed-in representative with what they saved before (docs/requirements.md section 1): the personal information
 * screen shows it, the company step and Mobile-ID signing pre-fill the e-mail and phone from it. One query, one cache
 * entry.
 */
export const representativeQueryOptions = () =>
  queryOptions({
    queryKey: representativeQueryKey,
    queryFn: ({ signal }) => getRepresentative(signal),
    // Each screen shows a failed load in place: personal information with a way to try again, the others as empty fields.
    meta: { isErrorShownInPlace: true },
  });

export const useRepresentative = () => useQuery(representativeQueryOptions());
