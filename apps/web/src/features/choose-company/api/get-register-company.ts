import { registerEndpoints, type RegisterCompanyParams } from '@onboarding/domain';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { REGISTER_UNAVAILABLE } from '../../../lib/register-unavailable';

export const registerCompanyQueryKey = (params: RegisterCompanyParams | null) =>
  ['register', 'companies', params?.registryCountryCode ?? null, params?.registryCode ?? null] as const;

export const getRegisterCompany = ({ registryCountryCode, registryCode }: RegisterCompanyParams, signal?: AbortSignal) =>
  apiRequest(registerEndpoints.company, { params: { registryCountryCode, registryCode }, signal });

/**
 * A company's details from the business register, for the auto-fill offer of
 * the manual company form (docs/requirements.md section 5). No lookup while `params` is null.
 */
export const registerCompanyQueryOptions = (params: RegisterCompanyParams | null) =>
  queryOptions({
    queryKey: registerCompanyQueryKey(params),
    queryFn: params ? ({ signal }) => getRegisterCompany(params, signal) : skipToken,
    // The register does not change while the form is filled in.
    staleTime: 5 * 60 * 1000,
    // The lookup only offers help: when it fails there is no offer, and the form works as before; the register's
    // silence is said beside the field (register-autofill.tsx), never as "not found" and not in the error toast.
    meta: { isErrorShownInPlace: true, handledErrorCodes: ['NOT_FOUND', REGISTER_UNAVAILABLE] },
  });

export const useRegisterCompany = (params: RegisterCompanyParams | null) => useQuery(registerCompanyQueryOptions(params));
