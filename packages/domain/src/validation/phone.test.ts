import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanPhone, isValidPhone, mobileIdPhoneNumber, validateMobileIdPhone, validatePhone } from './phone.js';

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

describe('mobileIdPhoneNumber', () => {
  it.each([
    ['00000766', '+37200000766'],
    ['+372 0000 0766', '+37200000766'],
    ['372 0000 0766', '+37200000766'],
    ['0037200000766', '+37200000766'],
    ['+37200000766', '+37200000766'],
    ['5123 4567', '+37251234567'],
    ['(+372) 512-3456', '+3725123456'],
    ['+370 600 00007', '+37060000007'],
  ])('reads %s as %s', (typed, number) => {
    expect(mobileIdPhoneNumber(typed)).toBe(number);
    expect(validateMobileIdPhone(typed)).toBeNull();
  });

  it.each(['', 'abc', '12345', '+372 123', '+372 1234 56789', '5123 4567 x', '++37251234567', '+3725123+4567'])('refuses %j', (typed) => {
    expect(mobileIdPhoneNumber(typed)).toBeUndefined();
    if (typed !== '') expect(validateMobileIdPhone(typed)).toEqual({ code: 'invalidPhone', params: {} });
  });

  it('gives for any readable number one that reads as itself', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[+0-9 ()-]{0,20}$/), (typed) => {
        const number = mobileIdPhoneNumber(typed);
        if (number !== undefined) expect(mobileIdPhoneNumber(number)).toBe(number);
      }),
    );
  });
});
