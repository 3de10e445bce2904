import { REGISTRY_CODE_LENGTH } from '../constants.js';
import { modulo11CheckDigit } from './check-digit.js';
import { validationIssue, type ValidationResult } from './codes.js';
import { validateNumberMaxLength, validateOnlyNumbers } from './length.js';

/** The registry code as the rule of docs/requirements.md section 5 sees it: without whitespace. */
export const cleanRegistryCode = (value: string): string => value.replace(/\s/g, '');

/** The check digit for the first seven digits of an Estonian registry code. */
export const registryCodeCheckDigit = (firstSevenDigits: string): number => modulo11CheckDigit(firstSevenDigits);

/** Eight digits whose last is the check digit of the first seven (the e-Business Register's own rule). */
export const isChecksumValidRegistryCode = (code: string): boolean =>
  new RegExp(`^\\d{${String(REGISTRY_CODE_LENGTH)}}$`).test(code) &&
  registryCodeCheckDigit(code.slice(0, REGISTRY_CODE_LENGTH - 1)) === Number(code[REGISTRY_CODE_LENGTH - 1]);

/**
 * An Estonian registry code (docs/requirements.md section 5): the cleaned value
 * is digits only ("Only numbers permitted"), at most 8 of them ("up to N
 * characters"), and then exactly 8 whose last is the check digit ("Incorrect
 * registry code"). A code that cannot exist is refused here, before anyone asks
 * the register or the bank believes it. Empty passes; "required" is a separate
 * rule.
 */
export const validateRegistryCode = (value: string): ValidationResult => {
  const cleaned = cleanRegistryCode(value);
  if (cleaned === '') return null;
  const issue = validateOnlyNumbers(cleaned) ?? validateNumberMaxLength(cleaned, REGISTRY_CODE_LENGTH);
  if (issue) return issue;
  return isChecksumValidRegistryCode(cleaned) ? null : validationIssue('invalidRegistryCode');
};

export const isValidRegistryCode = (value: string): boolean => cleanRegistryCode(value) !== '' && validateRegistryCode(value) === null;
