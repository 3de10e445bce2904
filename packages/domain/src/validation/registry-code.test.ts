import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ValidationResult } from './codes.js';
import { modulo11CheckDigit } from './check-digit.js';
import { cleanRegistryCode, isValidRegistryCode, validateRegistryCode } from './registry-code.js';

describe('Estonian registry code (docs/requirements.md section 5: cleaned, digits only, 8 with a check digit)', () => {
  it.each<[string, ValidationResult, string]>([
    ['10539549', null, 'LHV Pank AS'],
    ['10060701', null, 'Swedbank AS'],
    [' 1053 9549 ', null, '8 digits after cleaning'],
    ['10539548', { code: 'invalidRegistryCode', params: {} }, 'a wrong check digit'],
    ['19000148', { code: 'invalidRegistryCode', params: {} }, 'a wrong check digit'],
    ['1234', { code: 'invalidRegistryCode', params: {} }, 'too short to be a code'],
    ['123456789', { code: 'maxLength', params: { max: 8 } }, '9 digits: up to 8 characters'],
    ['1234 56789', { code: 'maxLength', params: { max: 8 } }, '9 digits after cleaning'],
    ['1234567a', { code: 'onlyNumbers', params: {} }, 'a letter: only numbers'],
    ['1234-567', { code: 'onlyNumbers', params: {} }, 'a hyphen: only numbers'],
    ['12AB34567890', { code: 'onlyNumbers', params: {} }, 'letters and too long: the letters first'],
  ])('%s gives %j (%s)', (value, issue) => {
    expect(validateRegistryCode(value)).toEqual(issue);
    expect(isValidRegistryCode(value)).toBe(issue === null);
  });

  it('leaves an empty value to "required"', () => {
    expect(validateRegistryCode('  ')).toBeNull();
    expect(isValidRegistryCode('')).toBe(false);
  });
});

describe('registry code properties', () => {
  const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^\\d{${String(min)},${String(max)}}$`));

  it('seven digits and their check digit pass, with any whitespace around', () => {
    fc.assert(
      fc.property(digits(7, 7), fc.array(fc.constantFrom(' ', '\t'), { maxLength: 3 }), (first, spaces) => {
        expect(validateRegistryCode(spaces.join('') + first + String(modulo11CheckDigit(first)) + spaces.join(''))).toBeNull();
      }),
    );
  });

  it('any other last digit is "Incorrect registry code"', () => {
    fc.assert(
      fc.property(digits(7, 7), fc.integer({ min: 1, max: 9 }), (first, shift) => {
        const wrong = (modulo11CheckDigit(first) + shift) % 10;
        expect(validateRegistryCode(first + String(wrong))).toEqual({ code: 'invalidRegistryCode', params: {} });
      }),
    );
  });

  it('fewer than 8 digits are "Incorrect registry code"', () => {
    fc.assert(
      fc.property(digits(1, 7), (code) => {
        expect(validateRegistryCode(code)).toEqual({ code: 'invalidRegistryCode', params: {} });
      }),
    );
  });

  it('more than 8 digits are "up to 8 characters", counted in digits', () => {
    fc.assert(
      fc.property(digits(9, 20), (code) => {
        expect(validateRegistryCode(code)).toEqual({ code: 'maxLength', params: { max: 8 } });
      }),
    );
  });

  it('any character but a digit or whitespace is "Only numbers permitted"', () => {
    fc.assert(
      fc.property(
        digits(0, 10),
        fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/[\d\s]/.test(c)),
        digits(0, 10),
        (head, other, tail) => {
          expect(validateRegistryCode(head + other + tail)).toEqual({ code: 'onlyNumbers', params: {} });
          expect(cleanRegistryCode(head + other + tail)).toContain(other);
        },
      ),
    );
  });
});
