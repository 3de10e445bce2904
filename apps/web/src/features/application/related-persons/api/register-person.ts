import { registerEndpoints } from '@onboarding/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/**
 * GET register/persons/:personalId: a person from the population register,
 * for the auto-fill of docs/requirements.md section 5. A person the register
 * does not know (404), or any failure, just means nothing is filled.
 */
export const registerPersonQueryOptions = (personalId: string) =>
  queryOptions({
    queryKey: ['register', 'persons', personalId] as const,
    queryFn: ({ signal }) => apiRequest(registerEndpoints.person, { params: { personalId }, signal }),
    staleTime: 5 * 60 * 1000,
    meta: { isErrorShownInPlace: true, handledErrorCodes: ['NOT_FOUND'] },
  });
