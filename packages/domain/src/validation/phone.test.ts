import { describe, expect, it } from 'vitest';
import { cleanPhone, isValidPhone, validatePhone } from './phone.js';

describe('phone (docs/requirements.md section 5: cleaned, digits only, 7 to 14)', () => {
  it.each([
    ['123456', false, '6 digits'],
    ['1234567', true, '7 digits'],
    ['12345678901234', true, '14 digits'],
    ['123456789012345', false, '15 digits'],
    ['+372 5123 4567', true, 'international with spaces'],
    ['+37200000766', true, 'SK Mobile-ID demo number'],
    ['(0) 512-34-567', true, 'brackets and hyphens'],
    ['5123 4567a', false, 'a letter'],
    ['+372 5123 4567 ext', false, 'text'],
    ['1 2 3 4 5 6', false, '6 digits with spaces'],
  ])('%s is valid: %s (%s)', (value, isValid) => {
    expect(isValidPhone(value)).toBe(isValid);
    expect(validatePhone(value)).toEqual(isValid ? null : { code: 'invalidPhone', params: {} });
  });

  it('cleans separators and the plus sign', () => {
    expect(cleanPhone('+372 (5) 123-4567')).toBe('37251234567');
  });

  it('leaves an empty value to "required"', () => {
    expect(validatePhone('')).toBeNull();
    expect(validatePhone('   ')).toBeNull();
    expect(isValidPhone('')).toBe(false);
  });
});
