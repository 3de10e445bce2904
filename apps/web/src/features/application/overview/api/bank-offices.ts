import { referenceEndpoints } from '@onboarding/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** GET reference/bank-offices: the branches and banking points to identify in. They do not change while the page is open. */
export const bankOfficesQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'bank-offices'] as const,
    queryFn: ({ signal }) => apiRequest(referenceEndpoints.bankOffices, { signal }),
    select: (response) => response.bankOffices,
    staleTime: Number.POSITIVE_INFINITY,
    // The picker shows the failure and a retry in place.
    meta: { isErrorShownInPlace: true },
  });

export const useBankOffices = () => useQuery(bankOfficesQueryOptions());
