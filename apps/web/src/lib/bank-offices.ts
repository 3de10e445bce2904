import { referenceEndpoints } from '@onboarding/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * GET reference/bank-offices: the branches and banking points to identify in,
 * for the overview's office picker and the success page's office address.
 * They do not change while the page is open. Each screen shows a failure in
 * place: the picker with a retry; the success page still says to go to the
 * office chosen, only without its address.
 */
export const bankOfficesQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'bank-offices'] as const,
    queryFn: ({ signal }) => apiRequest(referenceEndpoints.bankOffices, { signal }),
    select: (response) => response.bankOffices,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { isErrorShownInPlace: true },
  });

export const useBankOffices = () => useQuery(bankOfficesQueryOptions());
