import { registerEndpoints } from '@onboarding/domain';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { REGISTER_UNAVAILABLE } from '../../../lib/register-unavailable';

export type RegisterCardKey = { registryCode: string; registryCountryCode: string } | null;

/**
 * The company's register card (GET register/companies/:country/:code), to
 * pre-fill the company form. A company the register does not know (404), or
 * any failure, just means no pre-fill; a register that does not answer is said
 * in place by the form that asked, not in the error toast.
 */
export const registerCardQueryOptions = (key: RegisterCardKey) =>
  queryOptions({
    queryKey: ['register', 'companies', key?.registryCountryCode ?? null, key?.registryCode ?? null] as const,
    queryFn: key ? ({ signal }) => apiRequest(registerEndpoints.company, { params: key, signal }) : skipToken,
    staleTime: 5 * 60 * 1000,
    meta: { isErrorShownInPlace: true, handledErrorCodes: ['NOT_FOUND', REGISTER_UNAVAILABLE] },
  });

export const useRegisterCard = (key: RegisterCardKey) => useQuery(registerCardQueryOptions(key));
