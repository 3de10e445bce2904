import { invitationEndpoints, type OwnDetails } from '@onboarding/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const invitationQueryKey = (token: string) => ['invitation', token] as const;

/**
 * GET invitations/:token: the invitation the mailed link locates, for the person it names. For anyone else the server
 * answers 404, which the page shows itself.
 */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: invitationQueryKey(token),
    queryFn: ({ signal }) => apiRequest(invitationEndpoints.received, { params: { token }, signal }),
    retry: false,
    meta: { isErrorShownInPlace: true },
  });

export const useInvitation = (token: string) => useQuery(invitationQueryOptions(token));

/** POST invitations/:token/decline with the reason; the answer is the invitation, now declined. */
export function useDeclineInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => apiRequest(invitationEndpoints.decline, { params: { token }, body: { reason } }),
    onSuccess: (invitation) => queryClient.setQueryData(invitationQueryKey(token), invitation),
    meta: { handledErrorCodes: ['VALIDATION_FAILED', 'CONFLICT', 'NOT_FOUND'] },
  });
}

/** PUT invitations/:token/own-details: the invited person's own details, kept beside the applicant's declaration. */
export function useGiveOwnDetails(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: OwnDetails) => apiRequest(invitationEndpoints.giveOwnDetails, { params: { token }, body: details }),
    onSuccess: (invitation) => queryClient.setQueryData(invitationQueryKey(token), invitation),
    meta: { handledErrorCodes: ['VALIDATION_FAILED', 'CONFLICT', 'NOT_FOUND'] },
  });
}
