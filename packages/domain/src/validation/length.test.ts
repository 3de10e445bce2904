import { describe, expect, it } from 'vitest';
import { validateExactLength, validateMaxLength, validateNumberExactLength, validateNumberMaxLength, validateOnlyNumbers } from './length.js';

describe('lengths (docs/requirements.md section 5)', () => {
  it('max length is inclusive and names the maximum', () => {
    expect(validateMaxLength('a'.repeat(50), 50)).toBeNull();
    expect(validateMaxLength('a'.repeat(51), 50)).toEqual({ code: 'maxLength', params: { max: 50 } });
  });

  it('exact length names the length; empty is left to "required"', () => {
    expect(validateExactLength('abc', 3)).toBeNull();
    expect(validateExactLength('ab', 3)).toEqual({ code: 'exactLength', params: { length: 3 } });
    expect(validateExactLength('abcd', 3)).toEqual({ code: 'exactLength', params: { length: 3 } });
    expect(validateExactLength('', 3)).toBeNull();
  });

  it.each([
    [12345, 5, true],
    [123456, 5, false],
    [-12345, 5, true],
    ['12 345', 5, true],
    ['1234.5', 5, true],
    ['1234.56', 5, false],
  ])('number max length counts digits: %s within %s is %s', (value, max, isValid) => {
    expect(validateNumberMaxLength(value, max)).toEqual(isValid ? null : { code: 'maxLength', params: { max } });
  });

  it.each([
    [1234, 4, true],
    [123, 4, false],
    ['-1234', 4, true],
    ['12 34', 4, true],
    [12345, 4, false],
  ])('number exact length counts digits: %s of %s is %s', (value, length, isValid) => {
    expect(validateNumberExactLength(value, length)).toEqual(isValid ? null : { code: 'exactLength', params: { length } });
  });

  it('only numbers', () => {
    expect(validateOnlyNumbers('0123')).toBeNull();
    expect(validateOnlyNumbers('')).toBeNull();
    expect(validateOnlyNumbers('12a')).toEqual({ code: 'onlyNumbers', params: {} });
    expect(validateOnlyNumbers('-12')).toEqual({ code: 'onlyNumbers', params: {} });
  });
});
