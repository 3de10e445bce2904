import { invitationEndpoints, type DetailRequests, type RequestDetails } from '@onboarding/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const detailRequestsQueryKey = (processId: string) => ['detail-requests', processId] as const;

/** While a request is open the person may answer any moment: asked again now and then, so the page shows it. */
const OPEN_REQUEST_POLL_MS = 15_000;

/**
 * GET applications/:processId/detail-requests (decision 40): whom the applicant asked to give their own details, the
 * latest request per person. The related persons step shows each on its person; the overview says signing waits.
 */
export const detailRequestsQueryOptions = (processId: string) =>
  queryOptions({
    queryKey: detailRequestsQueryKey(processId),
    queryFn: ({ signal }) => apiRequest(invitationEndpoints.detailRequests, { params: { processId }, signal }),
    refetchInterval: (query) => (query.state.data?.requests.some((request) => request.status === 'PENDING') ? OPEN_REQUEST_POLL_MS : false),
    meta: { isErrorShownInPlace: true },
  });

export const useDetailRequests = (processId: string) => useQuery(detailRequestsQueryOptions(processId));

/** The requests still open now: signing waits for them. */
export const openRequestsOf = (data: DetailRequests | undefined) => data?.requests.filter((request) => request.status === 'PENDING') ?? [];

/** POST a request, mail it again, or withdraw it; the list is read again after each. */
export function useDetailRequestActions(processId: string) {
  const queryClient = useQueryClient();
  const options = {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: detailRequestsQueryKey(processId) }),
    meta: { handledErrorCodes: ['VALIDATION_FAILED', 'CONFLICT', 'NOT_FOUND', 'RATE_LIMITED'] },
  };
  return {
    request: useMutation({ mutationFn: (body: RequestDetails) => apiRequest(invitationEndpoints.requestDetails, { params: { processId }, body }), ...options }),
    sendAgain: useMutation({
      mutationFn: (invitationId: string) => apiRequest(invitationEndpoints.sendDetailRequestAgain, { params: { processId, invitationId } }),
      ...options,
    }),
    withdraw: useMutation({
      mutationFn: (invitationId: string) => apiRequest(invitationEndpoints.withdrawDetailRequest, { params: { processId, invitationId } }),
      ...options,
    }),
  };
}
