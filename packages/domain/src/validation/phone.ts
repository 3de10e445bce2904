import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from '../constants.js';
import { validationIssue, type ValidationResult } from './codes.js';

// Separators people type inside phone numbers, and the international "+".
const PHONE_DECORATION = /[\s\-().+/]/g;

/** The phone number as the rule of docs/requirements.md section 5 sees it: separators and "+" removed. */
export const cleanPhone = (value: string): string => value.replace(PHONE_DECORATION, '');

const PHONE_PATTERN = new RegExp(`^\\d{${PHONE_MIN_DIGITS},${PHONE_MAX_DIGITS}}$`);

/** docs/requirements.md section 5: after cleaning, digits only, 7 to 14 long. Empty passes. */
export const validatePhone = (value: string): ValidationResult => {
  if (value.trim() === '') return null;
  return PHONE_PATTERN.test(cleanPhone(value)) ? null : validationIssue('invalidPhone');
};

export const isValidPhone = (value: string): boolean => value.trim() !== '' && validatePhone(value) === null;
