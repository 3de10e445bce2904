import { onboardingEndpoints } from '@onboarding/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET representative: the e-mail and phone saved on the personal information screen, to pre-fill the company's
 * contact details. The key is the one the personal information screen reads the same answer under, so either fills
 * the other's cache.
 */
export const representativeQueryOptions = () =>
  queryOptions({
    queryKey: ['representative'] as const,
    queryFn: ({ signal }) => apiRequest(onboardingEndpoints.representative, { signal }),
    // Without it the fields are only empty; the person types them.
    meta: { isErrorShownInPlace: true },
  });

export const useRepresentative = () => useQuery(representativeQueryOptions());
