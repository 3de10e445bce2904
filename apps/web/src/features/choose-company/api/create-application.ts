import { onboardingEndpoints, type CreateApplicationRequest } from '@onboarding/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isRegisterUnavailable, REGISTER_UNAVAILABLE } from '../../../lib/register-unavailable';
import { companiesQueryKey } from './get-companies';

export const createApplication = (body: CreateApplicationRequest) => apiRequest(onboardingEndpoints.createApplication, { body });

/** POST applications: an application to fill, or the outcome that blocks it (docs/requirements.md section 4). */
export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApplication,
    // The company's entry has changed (now pending, or blocked); a register that did not answer changed nothing, and
    // asking it again for the list would only take the list away from under the choice.
    onSettled: (_data, error) => (isRegisterUnavailable(error) ? undefined : queryClient.invalidateQueries({ queryKey: companiesQueryKey })),
    // The register's silence is said beside the choice (choose-company-page.tsx), not in the error toast.
    meta: { handledErrorCodes: ['VALIDATION_FAILED', 'COMPANY_IN_REGISTER', 'MANUAL_APPLICATION_LIMIT', REGISTER_UNAVAILABLE] },
  });
}
