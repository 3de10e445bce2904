import { invitationEndpoints, type InviteRequest } from '@onboarding/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Polled while the page is visible, as the timeline is: a board member signs or declines while the applicant waits. */
export const CO_SIGNING_POLL_INTERVAL_MS = 15_000;

const coSigningQueryKey = (processId: string) => ['application', processId, 'co-signing'] as const;

/**
 * GET applications/:processId/co-signing: who may sign with the applicant, how many must, and each invitation. Read
 * again while the application waits for signatures; the section says itself when it cannot be read.
 */
export const coSigningQueryOptions = (processId: string, isWaiting: boolean) =>
  queryOptions({
    queryKey: coSigningQueryKey(processId),
    queryFn: ({ signal }) => apiRequest(invitationEndpoints.coSigning, { params: { processId }, signal }),
    refetchInterval: isWaiting ? CO_SIGNING_POLL_INTERVAL_MS : false,
    meta: { isErrorShownInPlace: true },
  });

export const useCoSigning = (processId: string, isWaiting: boolean) => useQuery(coSigningQueryOptions(processId, isWaiting));

/** Invite, send again, withdraw: each answers the invitation; the list is read again after it. */
export function useInvitationActions(processId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: coSigningQueryKey(processId) });
  // The section says what went wrong beside the board member it was about.
  const meta = { handledErrorCodes: ['VALIDATION_FAILED', 'CONFLICT', 'RATE_LIMITED', 'NOT_FOUND'] };
  return {
    invite: useMutation({
      mutationFn: (body: InviteRequest) => apiRequest(invitationEndpoints.invite, { params: { processId }, body }),
      onSettled: refresh,
      meta,
    }),
    sendAgain: useMutation({
      mutationFn: (invitationId: string) => apiRequest(invitationEndpoints.sendAgain, { params: { processId, invitationId } }),
      onSettled: refresh,
      meta,
    }),
    withdraw: useMutation({
      mutationFn: (invitationId: string) => apiRequest(invitationEndpoints.withdraw, { params: { processId, invitationId } }),
      onSettled: refresh,
      meta,
    }),
  };
}
