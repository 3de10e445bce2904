import { validationIssue, type ValidationResult } from './codes.js';

/** ISO 3166-1 alpha-2, the form every country reference of docs/requirements.md section 3 takes. */
export const validateCountryCode = (value: string): ValidationResult =>
  value === '' || /^[A-Z]{2}$/.test(value) ? null : validationIssue('invalidCountryCode');

/**
 * Indexes of entries whose country already appears earlier in the list (docs/requirements.md section 5 "Country already
 * added").
 */
export const repeatedCountryIndexes = (countryCodes: readonly string[]): number[] =>
  countryCodes.flatMap((code, index) => (code !== '' && countryCodes.indexOf(code) < index ? [index] : []));
