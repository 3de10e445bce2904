import { describe, expect, it } from 'vitest';
import { birthDateFromParts, isValidBirthDate, validateBirthDate, validateBirthDateParts } from './birth-date.js';
import { isRealDate, todayInEstonia } from './calendar.js';

const TODAY = '2025-06-15';
const invalidDate = { code: 'invalidDate', params: {} };

describe('birth date (docs/requirements.md section 5)', () => {
  it.each([
    ['1889-12-31', false, 'the day before January 1890'],
    ['1890-01-01', true, 'the first day of January 1890'],
    ['2025-06-15', true, 'today'],
    ['2025-06-16', false, 'tomorrow'],
    ['2024-02-29', true, '29 February of a leap year'],
    ['2023-02-29', false, '29 February of a common year'],
    ['2000-02-29', true, '29 February 2000 (divisible by 400)'],
    ['1900-02-29', false, '29 February 1900 (divisible by 100)'],
    ['1990-04-31', false, '31 April'],
    ['1990-13-01', false, 'month 13'],
    ['1990-00-10', false, 'month 0'],
    ['1990-1-01', false, 'not yyyy-MM-dd'],
    ['01.01.1990', false, 'another format'],
  ])('%s is valid: %s (%s)', (value, isValid) => {
    expect(validateBirthDate(value, TODAY)).toEqual(isValid ? null : invalidDate);
    expect(isValidBirthDate(value, TODAY)).toBe(isValid);
  });

  it('leaves an empty value to "required"', () => {
    expect(validateBirthDate('', TODAY)).toBeNull();
    expect(isValidBirthDate('', TODAY)).toBe(false);
  });

  it('checks parts only when year, month and day are all present', () => {
    expect(validateBirthDateParts({ year: '1990', month: '', day: '1' }, TODAY)).toBeNull();
    expect(validateBirthDateParts({ year: 1990, month: 2, day: undefined }, TODAY)).toBeNull();
    expect(validateBirthDateParts({ year: '1990', month: '2', day: '30' }, TODAY)).toEqual(invalidDate);
    expect(validateBirthDateParts({ year: 1889, month: 12, day: 31 }, TODAY)).toEqual(invalidDate);
    expect(validateBirthDateParts({ year: 1890, month: 1, day: 1 }, TODAY)).toBeNull();
    expect(validateBirthDateParts({ year: '2025', month: '6', day: '16' }, TODAY)).toEqual(invalidDate);
  });

  it('builds yyyy-MM-dd from parts', () => {
    expect(birthDateFromParts({ year: 1990, month: 2, day: 3 })).toBe('1990-02-03');
    expect(birthDateFromParts({ year: '90', month: '2', day: '3' })).toBe('0090-02-03');
    expect(birthDateFromParts({ year: 1990, month: null, day: 3 })).toBeNull();
  });

  it("takes today's date in Estonia, not in the machine's zone", () => {
    expect(todayInEstonia(new Date('2025-06-15T21:30:00Z'))).toBe('2025-06-16');
    expect(todayInEstonia(new Date('2025-01-15T21:30:00Z'))).toBe('2025-01-15');
    expect(isRealDate(todayInEstonia())).toBe(true);
  });
});
