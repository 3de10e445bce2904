import { PERSONAL_ID_LENGTH } from '../constants.js';
import { isRealDate } from './calendar.js';
import { modulo11CheckDigit } from './check-digit.js';
import { validationIssue, type ValidationResult } from './codes.js';
import { validateNumberExactLength, validateOnlyNumbers } from './length.js';

export type PersonalIdDetails = {
  /** yyyy-MM-dd */
  birthDate: string;
  sex: 'M' | 'F';
};

/** The check digit for the first ten digits of an Estonian personal ID code (docs/eid-facts.md section 6). */
export const personalIdCheckDigit = (firstTenDigits: string): number => modulo11CheckDigit(firstTenDigits);

// docs/requirements.md section 5: 1-2 the 1800s, 3-4 the 1900s, 5-6 the 2000s, 7-8 the 2100s.
const centuryOf = (firstDigit: number): number | null => (firstDigit >= 1 && firstDigit <= 8 ? 1800 + Math.floor((firstDigit - 1) / 2) * 100 : null);

const PERSONAL_ID_PATTERN = new RegExp(`^[1-9]\\d{${PERSONAL_ID_LENGTH - 1}}$`);

/**
 * Birth date and sex encoded in a valid Estonian personal ID code
 * (docs/requirements.md section 5), or null when the code is not valid.
 */
export const parsePersonalId = (code: string): PersonalIdDetails | null => {
  if (!PERSONAL_ID_PATTERN.test(code)) return null;
  const firstDigit = Number(code[0]);
  const century = centuryOf(firstDigit);
  if (century === null) return null;
  const year = century + Number(code.slice(1, 3));
  const month = code.slice(3, 5);
  const day = code.slice(5, 7);
  const birthDate = `${String(year)}-${month}-${day}`;
  if (!isRealDate(birthDate)) return null;
  if (personalIdCheckDigit(code.slice(0, 10)) !== Number(code[10])) return null;
  return { birthDate, sex: firstDigit % 2 === 1 ? 'M' : 'F' };
};

export const isValidPersonalId = (code: string): boolean => parsePersonalId(code) !== null;

/**
 * The message a user sees for an Estonian personal ID code
 * (docs/requirements.md section 5): anything but digits is "Only numbers
 * permitted", a count of digits other than 11 (section 9) is "must be 11
 * characters", and 11 digits that break the first digit, date or check digit
 * rule are "Incorrect Estonian ID code". Empty values pass; "required" is a
 * separate rule.
 */
export const validatePersonalId = (code: string): ValidationResult => {
  if (code === '') return null;
  const issue = validateOnlyNumbers(code) ?? validateNumberExactLength(code, PERSONAL_ID_LENGTH);
  if (issue) return issue;
  return isValidPersonalId(code) ? null : validationIssue('invalidPersonalId');
};
