import { referenceEndpoints } from '@onboarding/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET reference/bank-offices, under the key the overview's office picker caches it: they do not change while the page is open. */
export const bankOfficesQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'bank-offices'] as const,
    queryFn: ({ signal }) => apiRequest(referenceEndpoints.bankOffices, { signal }),
    select: (response) => response.bankOffices,
    staleTime: Number.POSITIVE_INFINITY,
    // Without them the page still says to go to the office chosen; only its address is missing.
    meta: { isErrorShownInPlace: true },
  });

export const useBankOffices = () => useQuery(bankOfficesQueryOptions());
