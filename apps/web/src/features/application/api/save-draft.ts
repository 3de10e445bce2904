import { onboardingEndpoints, type Step } from '@onboarding/domain';
import { apiRequest } from '../../../lib/api-client';

export type SaveDraftVariables = { processId: string; step: Step; version: number; data: unknown; keepalive?: boolean };

/**
 * PUT drafts/:step keeps the step's input as typed. On pagehide it goes as a
 * keepalive fetch, once: the page is going away and cannot wait for a retry.
 */
export const saveDraft = ({ processId, step, version, data, keepalive = false }: SaveDraftVariables) =>
  apiRequest(onboardingEndpoints.saveDraft, { params: { processId, step }, body: { version, data }, ...(keepalive ? { keepalive, retries: 0 } : {}) });
