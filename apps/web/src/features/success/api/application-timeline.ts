import { queryOptions, useQuery } from '@tanstack/react-query';
import { applicationTimelineQueryOptions as timelineQueryOptions } from '../../../lib/application-timeline';

/** How often the status page asks again while it is visible: a decision appears without a reload. */
export const TIMELINE_POLL_INTERVAL_MS = 30_000;

/**
 * GET applications/:processId/timeline on the status page. It is polled while the page is visible (TanStack Query
 * stops in a hidden tab), so a decision the bank makes while the applicant is away appears within the interval; like
 * every query of the app (docs/requirements.md section 7) it is not read again just because the window got the focus.
 */
export const applicationTimelineQueryOptions = (processId: string) =>
  queryOptions({ ...timelineQueryOptions(processId), refetchInterval: TIMELINE_POLL_INTERVAL_MS });

export const useApplicationTimeline = (processId: string) => useQuery(applicationTimelineQueryOptions(processId));
