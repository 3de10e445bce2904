import { onboardingEndpoints } from '@onboarding/domain';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/**
 * GET applications/:processId/related-persons/register: the related persons
 * as the business register fills them, for an application with neither a
 * saved step nor a draft. No lookup while `processId` is null. A failure
 * only means no pre-fill: the user adds the persons by hand.
 */
export const registerPrefillQueryOptions = (processId: string | null) =>
  queryOptions({
    queryKey: ['related-persons-from-register', processId] as const,
    queryFn: processId ? ({ signal }) => apiRequest(onboardingEndpoints.relatedPersonsFromRegister, { params: { processId }, signal }) : skipToken,
    // The register does not change while the step is filled in.
    staleTime: Number.POSITIVE_INFINITY,
    meta: { isErrorShownInPlace: true },
  });

export const useRegisterPrefill = (processId: string | null) => useQuery(registerPrefillQueryOptions(processId));
