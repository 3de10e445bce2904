import { registerCompanyDetailsSchema, registerPersonLookupSchema } from '../schemas/register.js';
import type { Endpoint } from './endpoint.js';

/**
 * Auto-fill from the business and population registers (SPEC.md section 5:
 * "Auto-fill is offered when an entered registry code or personal ID already
 * exists"). Both answer 404 when the register does not know the code.
 */
export const registerEndpoints = {
  company: { method: 'GET', path: '/onboarding/register/companies/:registryCountryCode/:registryCode', response: registerCompanyDetailsSchema, isAuthenticated: true },
  person: { method: 'GET', path: '/onboarding/register/persons/:personalId', response: registerPersonLookupSchema, isAuthenticated: true },
} as const satisfies Record<string, Endpoint>;
