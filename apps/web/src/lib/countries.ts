import { referenceEndpoints, type Country, type Locale } from '@onboarding/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * GET reference/countries. Reference data every form with a country uses, so
 * it sits here rather than in one feature; it does not change while the page
 * is open.
 */
export const countriesQueryKey = ['reference', 'countries'] as const;

export const getCountries = (signal?: AbortSignal) => apiRequest(referenceEndpoints.countries, { signal });

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: countriesQueryKey,
    queryFn: ({ signal }) => getCountries(signal),
    select: (response) => response.countries,
    staleTime: Number.POSITIVE_INFINITY,
    // Forms fall back to typing a country code.
    meta: { isErrorShownInPlace: true },
  });

export const useCountries = () => useQuery(countriesQueryOptions());

/** Countries sorted by their name in the UI language. */
export function sortCountries(countries: readonly Country[], locale: Locale): Country[] {
  return [...countries].sort((a, b) => a.name[locale].localeCompare(b.name[locale], locale));
}
