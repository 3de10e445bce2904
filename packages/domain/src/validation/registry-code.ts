import { REGISTRY_CODE_MAX_LENGTH } from '../constants.js';
import { validationIssue, type ValidationResult } from './codes.js';

/** The registry code as the rule of SPEC.md section 5 sees it: without whitespace. */
export const cleanRegistryCode = (value: string): string => value.replace(/\s/g, '');

/** SPEC.md section 5: the cleaned value is digits only and at most 8 characters by default. Empty passes. */
export const validateRegistryCode = (value: string, maxLength: number = REGISTRY_CODE_MAX_LENGTH): ValidationResult => {
  const cleaned = cleanRegistryCode(value);
  if (cleaned === '') return null;
  if (!/^\d+$/.test(cleaned) || cleaned.length > maxLength) return validationIssue('invalidRegistryCode');
  return null;
};

export const isValidRegistryCode = (value: string, maxLength: number = REGISTRY_CODE_MAX_LENGTH): boolean =>
  cleanRegistryCode(value) !== '' && validateRegistryCode(value, maxLength) === null;
