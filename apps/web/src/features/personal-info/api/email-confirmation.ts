import { onboardingEndpoints, type EmailConfirmation } from '@onboarding/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { representativeQueryKey } from '../../../lib/representative';

export const sendEmailConfirmationCode = () => apiRequest(onboardingEndpoints.sendEmailConfirmationCode, {});

/** POST a new code to the saved address; the screen says when a refused one may be asked for again. */
export const useSendEmailConfirmationCode = () =>
  useMutation({
    mutationFn: sendEmailConfirmationCode,
    meta: { handledErrorCodes: ['RATE_LIMITED', 'CONFLICT'] },
  });

export const confirmEmail = (body: EmailConfirmation) => apiRequest(onboardingEndpoints.confirmEmail, { body });

/** POST the code back; the answer is the representative, now with the address confirmed. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: (representative) => queryClient.setQueryData(representativeQueryKey, representative),
    // A wrong or expired code is shown on the field.
    meta: { handledErrorCodes: ['VALIDATION_FAILED', 'RATE_LIMITED'] },
  });
}
