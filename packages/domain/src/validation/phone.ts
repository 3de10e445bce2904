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

/** Estonia's country calling code: a Mobile-ID number typed without one is Estonian. */
const ESTONIA = '372';

/**
 * A phone number as Mobile-ID takes it (`+37200000766`), from the ways people type one: with spaces, dashes or
 * brackets, with `+`, `00` or nothing before the country code, or the Estonian national number alone ("5123 4567",
 * "372 5123 4567", "00372 5123 4567"). Undefined for what cannot be a number: letters, too few or too many digits.
 */
export function mobileIdPhoneNumber(value: string): string | undefined {
  const trimmed = value.trim();
  const hasPlus = trimmed.startsWith('+');
  const digits = cleanPhone(trimmed);
  if (!/^\d+$/.test(digits) || (hasPlus && trimmed.indexOf('+', 1) !== -1)) return undefined;
  // `00` is the international prefix only before more digits than an Estonian number has: SK's test number
  // 00000766 is the national number of +37200000766.
  const international = hasPlus ? digits : digits.startsWith('00') && digits.length > 8 ? digits.slice(2) : undefined;
  // Without a prefix: the country code typed first (372 and 7 or 8 digits), or the Estonian number alone.
  const withCountry = international ?? (digits.startsWith(ESTONIA) && (digits.length === 10 || digits.length === 11) ? digits : `${ESTONIA}${digits}`);
  // An Estonian number has 7 or 8 digits after its code; another country's, as ITU-T E.164 allows.
  if (withCountry.startsWith(ESTONIA)) return /^\d{7,8}$/.test(withCountry.slice(ESTONIA.length)) ? `+${withCountry}` : undefined;
  return /^[1-9]\d{7,14}$/.test(withCountry) ? `+${withCountry}` : undefined;
}

/** A Mobile-ID number must be one `mobileIdPhoneNumber` can read; empty passes (required is checked apart). */
export const validateMobileIdPhone = (value: string): ValidationResult =>
  value.trim() === '' || mobileIdPhoneNumber(value) ? null : validationIssue('invalidPhone');
