import { onboardingEndpoints, type Decision, type TimelineEntry } from '@onboarding/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * GET applications/:processId/timeline: the submissions and the bank's decisions, under one key for the status page
 * (which polls it) and the steps the bank reopened (which read its request from it).
 */
export const applicationTimelineQueryOptions = (processId: string) =>
  queryOptions({
    queryKey: ['application', processId, 'timeline'] as const,
    queryFn: ({ signal }) => apiRequest(onboardingEndpoints.timeline, { params: { processId }, signal }),
    // Each screen keeps what it has and falls back to the application itself: a failed read shows nothing.
    meta: { isErrorShownInPlace: true },
  });

export type MoreInformationRequest = Extract<Decision, { type: 'MORE_INFORMATION_NEEDED' }>;

/** The bank's latest request for more information in a timeline, if it made one. */
export function latestMoreInformationRequest(entries: readonly TimelineEntry[]): MoreInformationRequest | undefined {
  for (const entry of [...entries].reverse()) {
    if (entry.kind === 'DECISION' && entry.decision.type === 'MORE_INFORMATION_NEEDED') return entry.decision;
  }
  return undefined;
}

/** The request the application's reopened steps answer; nothing is read while none is open. */
export function useMoreInformationRequest(processId: string, isReopened: boolean): MoreInformationRequest | undefined {
  const timeline = useQuery({ ...applicationTimelineQueryOptions(processId), enabled: isReopened });
  return isReopened && timeline.data ? latestMoreInformationRequest(timeline.data.entries) : undefined;
}
