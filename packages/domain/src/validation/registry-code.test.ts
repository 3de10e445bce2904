import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ValidationResult } from './codes.js';
import { cleanRegistryCode, isValidRegistryCode, validateRegistryCode } from './registry-code.js';

describe('registry code (SPEC.md section 5: cleaned, digits only, at most 8 by default)', () => {
  it.each<[string, ValidationResult, string]>([
    ['12345678', null, '8 digits'],
    ['123456789', { code: 'maxLength', params: { max: 8 } }, '9 digits: up to 8 characters'],
    ['1234', null, 'shorter'],
    [' 1234 5678 ', null, '8 digits after cleaning'],
    ['1234 56789', { code: 'maxLength', params: { max: 8 } }, '9 digits after cleaning'],
    ['1234567a', { code: 'onlyNumbers', params: {} }, 'a letter: only numbers'],
    ['1234-567', { code: 'onlyNumbers', params: {} }, 'a hyphen: only numbers'],
    ['12AB34567890', { code: 'onlyNumbers', params: {} }, 'letters and too long: the letters first'],
  ])('%s gives %j (%s)', (value, issue) => {
    expect(validateRegistryCode(value)).toEqual(issue);
    expect(isValidRegistryCode(value)).toBe(issue === null);
  });

  it('takes another maximum length', () => {
    expect(isValidRegistryCode('123456789', 9)).toBe(true);
    expect(validateRegistryCode('1234567890', 9)).toEqual({ code: 'maxLength', params: { max: 9 } });
    expect(validateRegistryCode('12345', 4)).toEqual({ code: 'maxLength', params: { max: 4 } });
  });

  it('leaves an empty value to "required"', () => {
    expect(validateRegistryCode('  ')).toBeNull();
    expect(isValidRegistryCode('')).toBe(false);
  });
});

describe('registry code properties', () => {
  const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^\\d{${String(min)},${String(max)}}$`));

  it('up to 8 digits pass, with any whitespace in between', () => {
    fc.assert(
      fc.property(digits(1, 8), fc.array(fc.constantFrom(' ', '\t'), { maxLength: 3 }), (code, spaces) => {
        expect(validateRegistryCode(spaces.join('') + code + spaces.join(''))).toBeNull();
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
      fc.property(digits(0, 10), fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/[\d\s]/.test(c)), digits(0, 10), (head, other, tail) => {
        expect(validateRegistryCode(head + other + tail)).toEqual({ code: 'onlyNumbers', params: {} });
        expect(cleanRegistryCode(head + other + tail)).toContain(other);
      }),
    );
  });
});
