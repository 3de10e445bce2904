import { onboardingEndpoints } from '@onboarding/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET applications/:processId on /success. The key is the one the
 * application layout keeps the application under: signing puts the
 * submitted application there, so /success shows it at once, and a reload reads it afresh.
 */
export const submittedApplicationQueryOptions = (processId: string) =>
  queryOptions({
    queryKey: ['application', processId] as const,
    queryFn: ({ signal }) => apiRequest(onboardingEndpoints.application, { params: { processId }, signal }),
    // The page turns a failed load into the right screen itself.
    meta: { isErrorShownInPlace: true },
  });

export const useSubmittedApplication = (processId: string) => useQuery(submittedApplicationQueryOptions(processId));
