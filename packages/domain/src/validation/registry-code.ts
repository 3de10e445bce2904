import { REGISTRY_CODE_MAX_LENGTH } from '../constants.js';
import { type ValidationResult } from './codes.js';
import { validateNumberMaxLength, validateOnlyNumbers } from './length.js';

/** The registry code as the rule of SPEC.md section 5 sees it: without whitespace. */
export const cleanRegistryCode = (value: string): string => value.replace(/\s/g, '');

/**
 * SPEC.md section 5: the cleaned value is digits only ("Only numbers permitted")
 * and at most 8 characters by default, counted in digits ("up to N characters";
 * section 9 names the default maximum). Empty passes; "required" is a separate rule.
 */
export const validateRegistryCode = (value: string, maxLength: number = REGISTRY_CODE_MAX_LENGTH): ValidationResult => {
  const cleaned = cleanRegistryCode(value);
  return validateOnlyNumbers(cleaned) ?? validateNumberMaxLength(cleaned, maxLength);
};

export const isValidRegistryCode = (value: string, maxLength: number = REGISTRY_CODE_MAX_LENGTH): boolean =>
  cleanRegistryCode(value) !== '' && validateRegistryCode(value, maxLength) === null;
