import { BIRTH_DATE_MIN } from '../constants.js';
import { isRealDate, todayInEstonia } from './calendar.js';
import { validationIssue, type ValidationResult } from './codes.js';

export type BirthDateParts = {
  year?: string | number | null;
  month?: string | number | null;
  day?: string | number | null;
};

const isPresent = (part: string | number | null | undefined): part is string | number => part !== undefined && part !== null && String(part).trim() !== '';

/**
 * docs/requirements.md section 5: a birth date must parse as yyyy-MM-dd, be a
 * real date, be no earlier than January 1890 and not be in the future. Empty
 * passes.
 */
export const validateBirthDate = (value: string, today: string = todayInEstonia()): ValidationResult => {
  if (value === '') return null;
  if (!isRealDate(value)) return validationIssue('invalidDate');
  if (value < BIRTH_DATE_MIN || value > today) return validationIssue('invalidDate');
  return null;
};

/** yyyy-MM-dd from year, month and day parts, or null unless all three are present. */
export const birthDateFromParts = ({ year, month, day }: BirthDateParts): string | null => {
  if (!isPresent(year) || !isPresent(month) || !isPresent(day)) return null;
  const pad = (part: string | number, width: number) => String(part).trim().padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
};

/** docs/requirements.md section 5: the birth-date rule applies only when year, month and day are all present. */
export const validateBirthDateParts = (parts: BirthDateParts, today: string = todayInEstonia()): ValidationResult => {
  const value = birthDateFromParts(parts);
  return value === null ? null : validateBirthDate(value, today);
};

export const isValidBirthDate = (value: string, today: string = todayInEstonia()): boolean => value !== '' && validateBirthDate(value, today) === null;
