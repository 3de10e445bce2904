import { onboardingEndpoints } from '@onboarding/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * GET applications/:processId, kept under one key by the application layout
 * and by /success: signing puts the submitted application there, so /success
 * shows it at once, and a reload reads it afresh.
 */
export const applicationQueryKey = (processId: string) => ['application', processId] as const;

/** The application as the representative sees it; its currentStep decides the screen (docs/requirements.md section 2). */
export const applicationQueryOptions = (processId: string) =>
  queryOptions({
    queryKey: applicationQueryKey(processId),
    queryFn: ({ signal }) => apiRequest(onboardingEndpoints.application, { params: { processId }, signal }),
    // The screen turns a failed load into the right screen itself (ApplicationLoadFailed).
    meta: { isErrorShownInPlace: true },
  });

export const useApplication = (processId: string) => useQuery(applicationQueryOptions(processId));
