import { describe, expect, it } from 'vitest';
import { isValidRegistryCode, validateRegistryCode } from './registry-code.js';

describe('registry code (SPEC.md section 5: cleaned, digits only, at most 8 by default)', () => {
  it.each([
    ['12345678', true, '8 digits'],
    ['123456789', false, '9 digits'],
    ['1234', true, 'shorter'],
    [' 1234 5678 ', true, '8 digits after cleaning'],
    ['1234567a', false, 'a letter'],
    ['1234-567', false, 'a hyphen'],
  ])('%s is valid: %s (%s)', (value, isValid) => {
    expect(isValidRegistryCode(value)).toBe(isValid);
    expect(validateRegistryCode(value)).toEqual(isValid ? null : { code: 'invalidRegistryCode', params: {} });
  });

  it('takes another maximum length', () => {
    expect(isValidRegistryCode('123456789', 9)).toBe(true);
    expect(isValidRegistryCode('1234567890', 9)).toBe(false);
    expect(isValidRegistryCode('12345', 4)).toBe(false);
  });

  it('leaves an empty value to "required"', () => {
    expect(validateRegistryCode('  ')).toBeNull();
    expect(isValidRegistryCode('')).toBe(false);
  });
});
