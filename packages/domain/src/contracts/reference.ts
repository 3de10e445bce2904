import { bankOfficesResponseSchema, countriesResponseSchema, economicActivitiesResponseSchema, placesResponseSchema } from '../schemas/reference.js';
import { endpointGroup } from './endpoint.js';

/** Base path of the reference data (docs/requirements.md section 3 "Reference data named"). */
export const REFERENCE_BASE_PATH = '/onboarding/reference';

/**
 * Reference data: the same for everyone and public, so no token is needed and
 * responses are cached by ETag. docs/requirements.md leaves the paths to us.
 */
export const referenceEndpoints = endpointGroup('reference', 'reference data', {
  countries: { method: 'GET', path: '/onboarding/reference/countries', response: countriesResponseSchema, isAuthenticated: false },
  economicActivities: { method: 'GET', path: '/onboarding/reference/economic-activities', response: economicActivitiesResponseSchema, isAuthenticated: false },
  /** Counties, their districts (local governments) and cities of Estonia. */
  places: { method: 'GET', path: '/onboarding/reference/places', response: placesResponseSchema, isAuthenticated: false },
  bankOffices: { method: 'GET', path: '/onboarding/reference/bank-offices', response: bankOfficesResponseSchema, isAuthenticated: false },
});
