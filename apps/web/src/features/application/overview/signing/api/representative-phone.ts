import { onboardingEndpoints } from '@onboarding/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';

/**
 * GET representative: the phone number saved on the personal information
 * screen, to prefill Mobile-ID signing. The key is the one the personal
 * information screen reads the same answer under, so either fills the other's cache.
 */
export const representativePhoneQueryOptions = () =>
  queryOptions({
    queryKey: ['representative'] as const,
    queryFn: ({ signal }) => apiRequest(onboardingEndpoints.representative, { signal }),
    select: (representative) => representative.phone ?? '',
    // Without it the field is only empty; the person types the number.
    meta: { isErrorShownInPlace: true },
  });

export const useRepresentativePhone = () => useQuery(representativePhoneQueryOptions());
