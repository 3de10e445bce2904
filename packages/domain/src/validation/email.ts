import { validationIssue, type ValidationResult } from './codes.js';

// The WHATWG "valid e-mail address" grammar, the one browsers use for type=email.
const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

const MIN_DOMAIN_PART = 2;
const MIN_TOP_LEVEL_PART = 2;

/**
 * docs/requirements.md section 5: a valid address whose domain part before the
 * last dot and whose top-level part are each at least 2 characters. Empty
 * passes.
 */
export const validateEmail = (value: string): ValidationResult => {
  if (value === '') return null;
  if (!EMAIL_PATTERN.test(value)) return validationIssue('invalidEmail');
  const domain = value.slice(value.lastIndexOf('@') + 1);
  const lastDot = domain.lastIndexOf('.');
  if (lastDot < MIN_DOMAIN_PART || domain.length - lastDot - 1 < MIN_TOP_LEVEL_PART) {
    return validationIssue('invalidEmail');
  }
  return null;
};

export const isValidEmail = (value: string): boolean => value !== '' && validateEmail(value) === null;
