import type { z } from 'zod';
import { TEXT_MAX_LENGTH } from '../constants.js';
import { countryCode, object, optionalText, requiredText } from './fields.js';

/**
 * An address (docs/requirements.md section 3: legal, contact and residential
 * addresses). County, district and city come from the reference data of
 * section 3; a missing part is "incomplete related address", reported as
 * required.
 */
export const addressSchema = object({
  countryCode: countryCode(),
  county: optionalText({ max: TEXT_MAX_LENGTH.short }),
  district: optionalText({ max: TEXT_MAX_LENGTH.short }),
  city: requiredText({ max: TEXT_MAX_LENGTH.short }),
  street: requiredText({ max: TEXT_MAX_LENGTH.text }),
  postalCode: requiredText({ max: TEXT_MAX_LENGTH.short }),
});
export type Address = z.infer<typeof addressSchema>;
