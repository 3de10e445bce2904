import { onboardingEndpoints, type PersonalInformation } from '@onboarding/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { representativeQueryKey } from '../../../lib/representative';

export const savePersonalInformation = (body: PersonalInformation) => apiRequest(onboardingEndpoints.savePersonalInformation, { body });

/** PUT personal-information; the answer is the representative as now stored. */
export function useSavePersonalInformation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePersonalInformation,
    onSuccess: (representative) => queryClient.setQueryData(representativeQueryKey, representative),
    // The form shows field errors next to the fields.
    meta: { handledErrorCodes: ['VALIDATION_FAILED'] },
  });
}
