import { registerCompanyLookupSchema, registerCompanyParamsSchema, registerPersonLookupSchema, registerPersonParamsSchema } from '../schemas/register.js';
import { endpointGroup } from './endpoint.js';

/**
 * Auto-fill from the business and population registers
 * (docs/requirements.md section 5: "Auto-fill is offered when an entered
 * registry code or personal ID already exists"). Both answer only what the
 * forms pre-fill, and 404 when the register does not know the code or it is not
 * the signed-in person's to see.
 */
export const registerEndpoints = endpointGroup('register', 'register', {
  company: {
    method: 'GET',
    path: '/onboarding/register/companies/:registryCountryCode/:registryCode',
    params: registerCompanyParamsSchema,
    response: registerCompanyLookupSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND', 'CONSENT_REQUIRED', 'REGISTER_UNAVAILABLE', 'RATE_LIMITED'],
  },
  person: {
    method: 'GET',
    path: '/onboarding/register/persons/:personalId',
    params: registerPersonParamsSchema,
    response: registerPersonLookupSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND', 'CONSENT_REQUIRED', 'REGISTER_UNAVAILABLE', 'RATE_LIMITED'],
  },
});
