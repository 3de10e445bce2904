import { describe, expect, it } from 'vitest';
import { isValidEmail, validateEmail } from './email.js';

describe('e-mail (docs/requirements.md section 5)', () => {
  it.each([
    ['mari@firma.ee', true, 'plain'],
    ['mari.maasikas+pank@sub.firma.ee', true, 'plus and subdomain'],
    ['a@bb.ee', true, 'domain part of 2 and top level of 2'],
    ['a@b.ee', false, 'domain part before the last dot of 1'],
    ['a@bb.e', false, 'top-level part of 1'],
    ['a@x.y.ee', true, 'domain part before the last dot counts the whole "x.y"'],
    ['a@localhost', false, 'no dot'],
    ['a@.ee', false, 'empty label'],
    ['mari@@firma.ee', false, 'two @'],
    ['mari firma@firma.ee', false, 'space'],
    ['mari@firma.ee.', false, 'trailing dot'],
    ['marifirma.ee', false, 'no @'],
  ])('%s is valid: %s (%s)', (value, isValid) => {
    expect(isValidEmail(value)).toBe(isValid);
    expect(validateEmail(value)).toEqual(isValid ? null : { code: 'invalidEmail', params: {} });
  });

  it('leaves an empty value to "required"', () => {
    expect(validateEmail('')).toBeNull();
    expect(isValidEmail('')).toBe(false);
  });
});
