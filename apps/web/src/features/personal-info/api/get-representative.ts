import { onboardingEndpoints } from '@onboarding/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const representativeQueryKey = ['representative'] as const;

export const getRepresentative = (signal?: AbortSignal) => apiRequest(onboardingEndpoints.representative, { signal });

/** The signed-in representative with what they saved before (SPEC.md section 1). */
export const representativeQueryOptions = () =>
  queryOptions({
    queryKey: representativeQueryKey,
    queryFn: ({ signal }) => getRepresentative(signal),
    // The screen shows a failed load in place, with a way to try again.
    meta: { isErrorShownInPlace: true },
  });

export const useRepresentative = () => useQuery(representativeQueryOptions());
