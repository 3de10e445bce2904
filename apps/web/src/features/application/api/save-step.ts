import { onboardingEndpoints, type Step } from '@onboarding/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type SaveStepVariables = { processId: string; step: Step; version: number; data: unknown };

/** PUT steps/:step validates the step and answers with the application at the step the server chose. */
export const saveStep = ({ processId, step, version, data }: SaveStepVariables) =>
  apiRequest(onboardingEndpoints.saveStep, { params: { processId, step }, body: { version, data } });

export const useSaveStepMutation = () =>
  useMutation({
    mutationFn: saveStep,
    // The step screen shows field errors; the layout handles a stale version.
    meta: { handledErrorCodes: ['VALIDATION_FAILED', 'STALE_VERSION', 'COMPANY_MISMATCH'] },
  });
