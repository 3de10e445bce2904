import type { AccessTokenPayload } from '@onboarding/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { RequireUser } from '../auth/index.js';
import type { RateLimits } from '../rate-limits/index.js';
import type { BusinessRegister } from './business-register.js';
import { registerLookupRoutes } from './lookup-routes.js';
import type { LookupScope } from './lookup-scope.js';

type User = Pick<AccessTokenPayload, 'personalId' | 'personalIdCountryCode' | 'givenName' | 'surname'>;

export type RegistryPluginOptions = {
  /** The business register: the simulator until a live adapter exists; it is the same interface either way. */
  register: Pick<BusinessRegister, 'company' | 'person'>;
  requireUser: RequireUser;
  /** Who may look up what: the signed-in person's consent and scope, which the onboarding module keeps. */
  access: { requireConsent(user: User): Promise<void>; lookupScope(user: User): Promise<LookupScope> };
  rateLimits: RateLimits;
};

/** The register look-ups the forms auto-fill from (lookup-routes.ts). */
export async function registerRegistry(app: FastifyInstance, { register, requireUser, access, rateLimits }: RegistryPluginOptions): Promise<void> {
  const userOf = (request: FastifyRequest): User => {
    if (!request.user) throw new AppError('UNAUTHORIZED');
    return request.user;
  };
  const { rules } = rateLimits;
  await app.register(registerLookupRoutes, {
    register,
    requireUser,
    requireConsent: async (request) => access.requireConsent(userOf(request)),
    scopeOf: async (request) => access.lookupScope(userOf(request)),
    limitLookups: rateLimits.hook(rules.registerLookupPerUser, rules.registerLookupPerClient),
  });
}
