import { onboardingEndpoints } from '@onboarding/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const applicationQueryKey = (processId: string) => ['application', processId] as const;

export const getApplication = (processId: string, signal?: AbortSignal) => apiRequest(onboardingEndpoints.application, { params: { processId }, signal });

/** The application as the representative sees it; its currentStep decides the screen (docs/requirements.md section 2). */
export const applicationQueryOptions = (processId: string) =>
  queryOptions({
    queryKey: applicationQueryKey(processId),
    queryFn: ({ signal }) => getApplication(processId, signal),
    // The layout turns a failed load into the right screen itself.
    meta: { isErrorShownInPlace: true },
  });

export const useApplication = (processId: string) => useQuery(applicationQueryOptions(processId));
