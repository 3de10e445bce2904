import { validationIssue, type ValidationResult } from './codes.js';

export const validateMaxLength = (value: string, max: number): ValidationResult => (value.length > max ? validationIssue('maxLength', { max }) : null);

export const validateExactLength = (value: string, length: number): ValidationResult =>
  value === '' || value.length === length ? null : validationIssue('exactLength', { length });

// docs/requirements.md section 5: number max length and exact length count the digits only (no sign, no separator).
const digitCount = (value: number | string): number => (String(value).match(/\d/g) ?? []).length;

export const validateNumberMaxLength = (value: number | string, max: number): ValidationResult =>
  digitCount(value) > max ? validationIssue('maxLength', { max }) : null;

export const validateNumberExactLength = (value: number | string, length: number): ValidationResult => {
  const digits = digitCount(value);
  return digits === 0 || digits === length ? null : validationIssue('exactLength', { length });
};

/** Digits only (docs/requirements.md section 5 "Only numbers permitted"). Empty passes. */
export const validateOnlyNumbers = (value: string): ValidationResult => (/^\d*$/.test(value) ? null : validationIssue('onlyNumbers'));
