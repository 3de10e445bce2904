import { apiErrorBodySchema, DEFAULT_COUNTRY_CODE } from '@onboarding/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import type { BusinessRegister } from './business-register.js';
import type { RateLimitHook } from '../rate-limits/plugin.js';
import { registerCompanyParamsSchema, registerEndpoints, registerPersonParamsSchema, type RegisterPersonLookup } from '@onboarding/domain';

type LookupRoutesOptions = {
  register: Pick<BusinessRegister, 'company' | 'person'>;
  requireUser: (request: FastifyRequest) => Promise<void>;
  /** SPEC.md section 1: the register is asked only after the signed-in representative consented to it. */
  requireConsent: (request: FastifyRequest) => Promise<void>;
  /** Each look-up is a paid register query: limited per person and per client address. */
  limitLookups: RateLimitHook;
};

const tags = ['register'];
const failures = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema, 429: apiErrorBodySchema };

/**
 * Auto-fill (SPEC.md section 5): when a typed registry code or personal ID
 * exists in the register, the form offers to fill the company or the related
 * person from it. Only a signed-in representative may ask.
 */
export const registerLookupRoutes: FastifyPluginAsyncZod<LookupRoutesOptions> = async (app, { register, requireUser, requireConsent, limitLookups }) => {
  const { company, person } = registerEndpoints;

  app.get(
    company.path,
    {
      onRequest: requireUser,
      preHandler: [requireConsent, limitLookups],
      schema: {
        tags,
        summary: 'A company of the business register, to fill the company form and its related persons',
        security: [{ bearerAuth: [] }],
        params: registerCompanyParamsSchema,
        response: { 200: company.response, ...failures },
      },
    },
    async (request) => {
      const { registryCountryCode, registryCode } = request.params;
      const details = await register.company(registryCountryCode, registryCode);
      if (!details) throw new AppError('NOT_FOUND', 'The register has no company with this registry code.');
      return details;
    },
  );

  app.get(
    person.path,
    {
      onRequest: requireUser,
      preHandler: [requireConsent, limitLookups],
      schema: {
        tags,
        summary: 'A person of the population register, to fill the related-person form',
        security: [{ bearerAuth: [] }],
        params: registerPersonParamsSchema,
        response: { 200: person.response, ...failures },
      },
    },
    async (request): Promise<RegisterPersonLookup> => {
      const { personalId } = request.params;
      const found = await register.person(personalId, DEFAULT_COUNTRY_CODE);
      if (!found) throw new AppError('NOT_FOUND', 'The register has no person with this personal ID code.');
      // Picked field by field: the identity document and age stay on the server.
      return {
        firstName: found.firstName,
        lastName: found.lastName,
        personalId,
        personalIdCountryCode: found.personalIdCountryCode,
        birthDate: found.birthDate,
        nationalityCountryCode: found.nationalityCountryCode,
        residentialCountryCode: found.residentialCountryCode,
        residency: found.residency,
      };
    },
  );
};
