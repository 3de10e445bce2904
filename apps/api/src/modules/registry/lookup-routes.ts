import { DEFAULT_COUNTRY_CODE } from '@onboarding/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { contractRoutes } from '../../plugins/contract-routes.js';
import { applicantAuth, type RequireUser } from '../auth/index.js';
import type { BusinessRegister } from './business-register.js';
import type { RateLimitHook } from '../rate-limits/index.js';
import type { LookupScope } from './lookup-scope.js';
import { registerEndpoints, type RegisterCompanyLookup, type RegisterPersonLookup } from '@onboarding/domain';

type LookupRoutesOptions = {
  register: Pick<BusinessRegister, 'company' | 'person'>;
  requireUser: RequireUser;
  /** docs/requirements.md section 1: the register is asked only after the signed-in representative consented to it. */
  requireConsent: (request: FastifyRequest) => Promise<void>;
  /** What the signed-in person may look up (lookup-scope.ts decides). */
  scopeOf: (request: FastifyRequest) => Promise<LookupScope>;
  /** Each look-up is a paid register query: limited per person and per client address. */
  limitLookups: RateLimitHook;
};

// Outside the scope the answer is this very error, so "exists but not yours" reads as "missing".
const companyNotFound = () => new AppError('NOT_FOUND', 'The register has no company with this registry code.');
const personNotFound = () => new AppError('NOT_FOUND', 'The register has no person with this personal ID code.');

/**
 * Auto-fill (docs/requirements.md section 5): when a typed registry code or
 * personal ID exists in the register, the form offers to fill the company or
 * the related person from it. Only a signed-in representative may ask, and only
 * about the companies and persons their own forms are filled from.
 */
export const registerLookupRoutes: FastifyPluginAsyncZod<LookupRoutesOptions> = async (
  app,
  { register, requireUser, requireConsent, scopeOf, limitLookups },
) => {
  const { company, person } = registerEndpoints;
  const route = contractRoutes(app, applicantAuth(requireUser));

  route(
    company,
    { preHandler: [requireConsent, limitLookups], summary: 'A company of the business register, to fill the company form' },
    async (request): Promise<RegisterCompanyLookup> => {
      const { registryCountryCode, registryCode } = request.params;
      const scope = await scopeOf(request);
      // The scope costs the same whatever code is asked for, and outside it the register is not asked at all, so a
      // stranger's company and a missing one take the same path to the same 404.
      const details = scope.hasCompany(registryCountryCode, registryCode) ? await register.company(registryCountryCode, registryCode) : undefined;
      if (!details) throw companyNotFound();
      // Picked field by field, as the forms pre-fill them: the card's persons, owners and status stay on the server.
      return {
        businessName: details.businessName,
        registryCode: details.registryCode,
        registryCountryCode: details.registryCountryCode,
        emtakVersion: details.emtakVersion,
        mainFieldOfActivityCode: details.mainFieldOfActivityCode,
        ...(details.mainFieldOfActivityName === undefined ? {} : { mainFieldOfActivityName: details.mainFieldOfActivityName }),
        isListedCompany: details.isListedCompany,
        legalAddress: details.legalAddress,
      };
    },
  );

  route(
    person,
    { preHandler: [requireConsent, limitLookups], summary: 'A person of the population register, to fill the related-person form' },
    async (request): Promise<RegisterPersonLookup> => {
      const { personalId } = request.params;
      const scope = await scopeOf(request);
      const found = scope.hasPerson(DEFAULT_COUNTRY_CODE, personalId) ? await register.person(personalId, DEFAULT_COUNTRY_CODE) : undefined;
      if (!found) throw personNotFound();
      // Picked field by field, as the form fills them: the identity document and age stay on the server.
      return {
        firstName: found.firstName,
        lastName: found.lastName,
        birthDate: found.birthDate,
        nationalityCountryCode: found.nationalityCountryCode,
        residentialCountryCode: found.residentialCountryCode,
        residency: found.residency,
      };
    },
  );
};
