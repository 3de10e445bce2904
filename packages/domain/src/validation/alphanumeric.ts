import { validationIssue, type ValidationResult } from './codes.js';

/**
 * docs/requirements.md section 5 "Alphanumerical": Latin letters, digits, the
 * Estonian letters, apostrophe-like quotes, period, comma, colon, semicolon,
 * slashes, hyphen and whitespace. Names such as O’Connež-Šuslik pass.
 */
const ALPHANUMERIC = /^[A-Za-z0-9ÕÄÖÜŠŽõäöüšž'’‘`´.,:;/\\\-\s]*$/u;

export const isAlphanumeric = (value: string): boolean => ALPHANUMERIC.test(value);

export const validateAlphanumeric = (value: string): ValidationResult => (isAlphanumeric(value) ? null : validationIssue('onlyLatinLetters'));
