import { registerEndpoints } from '@onboarding/domain';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type RegisterCardKey = { registryCode: string; registryCountryCode: string } | null;

/**
 * The company's register card (GET register/companies/:country/:code), to
 * pre-fill the company form. A company the register does not know (404), or
 * any failure, just means no pre-fill.
 */
export const registerCardQueryOptions = (key: RegisterCardKey) =>
  queryOptions({
    queryKey: ['register', 'companies', key?.registryCountryCode ?? null, key?.registryCode ?? null] as const,
    queryFn: key ? ({ signal }) => apiRequest(registerEndpoints.company, { params: key, signal }) : skipToken,
    staleTime: 5 * 60 * 1000,
    meta: { isErrorShownInPlace: true, handledErrorCodes: ['NOT_FOUND'] },
  });

export const useRegisterCard = (key: RegisterCardKey) => useQuery(registerCardQueryOptions(key));
