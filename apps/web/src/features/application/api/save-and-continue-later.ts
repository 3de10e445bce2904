import { onboardingEndpoints } from '@onboarding/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type SaveAndContinueLaterVariables = { processId: string; version: number };

/** POST save-and-continue-later: the server e-mails the representative a link back (docs/requirements.md section 1). */
export const saveAndContinueLater = ({ processId, version }: SaveAndContinueLaterVariables) =>
  apiRequest(onboardingEndpoints.saveAndContinueLater, { params: { processId }, body: { version } });

export const useSaveAndContinueLater = () =>
  useMutation({
    mutationFn: saveAndContinueLater,
    meta: { handledErrorCodes: ['STALE_VERSION', 'RATE_LIMITED'] },
  });
