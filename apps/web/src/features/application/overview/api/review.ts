import { onboardingEndpoints } from '@onboarding/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '../../../../lib/api-client';

/** The review as the client reads it (its issue codes are plain strings on the wire). */
export type Review = ResponseOf<typeof onboardingEndpoints.review>;
export type ReviewedStepResult = Review['steps'][number];

export const reviewQueryKey = (processId: string) => ['application', processId, 'review'] as const;

/**
 * GET review: every stored step checked again in the context of the whole
 * application, and the overview's notices (docs/requirements.md section 3
 * "Overview"). Never cached as fresh: it is asked again after each save.
 */
export const reviewQueryOptions = (processId: string) =>
  queryOptions({
    queryKey: reviewQueryKey(processId),
    queryFn: ({ signal }) => apiRequest(onboardingEndpoints.review, { params: { processId }, signal }),
    staleTime: 0,
    // Without it the page loses only its notices; Continue says so itself when it cannot check.
    meta: { isErrorShownInPlace: true },
  });

export const useApplicationReview = (processId: string) => useQuery(reviewQueryOptions(processId));
