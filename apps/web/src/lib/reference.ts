import { referenceEndpoints } from '@onboarding/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * GET reference/economic-activities: EMTAK with its version (docs/requirements.md section 3). It does not change while
 * the page is open.
 */
export const economicActivitiesQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'economic-activities'] as const,
    queryFn: ({ signal }) => apiRequest(referenceEndpoints.economicActivities, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    // Without the list the code can still be typed; the form says nothing more.
    meta: { isErrorShownInPlace: true },
  });

export const useEconomicActivities = () => useQuery(economicActivitiesQueryOptions());

/** GET reference/places: counties → districts → cities of Estonia for the address selects. */
export const placesQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'places'] as const,
    queryFn: ({ signal }) => apiRequest(referenceEndpoints.places, { signal }),
    select: (response) => response.counties,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { isErrorShownInPlace: true },
  });

export const usePlaces = () => useQuery(placesQueryOptions());
