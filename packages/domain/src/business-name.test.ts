import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { businessNameKey } from './business-name.js';

describe('businessNameKey', () => {
  it.each([
    ['Näidis Tehnoloogia OÜ', 'naidis tehnoloogia'],
    ['  näidis   TEHNOLOOGIA  oü ', 'naidis tehnoloogia'],
    ['Osaühing Näidis Tehnoloogia', 'naidis tehnoloogia'],
    ['"Näidis Tehnoloogia", OÜ', 'naidis tehnoloogia'],
    ['Naidis Tehnoloogia O\u00dc', 'naidis tehnoloogia'],
    ['AS', 'as'],
    ['Swedbank AS', 'swedbank'],
  ])('%s is %s', (name, key) => {
    expect(businessNameKey(name)).toBe(key);
  });

  it('tells apart names with other words', () => {
    expect(businessNameKey('Näidis Tehnoloogia OÜ')).not.toBe(businessNameKey('Näidis Tehnoloogiad OÜ'));
    expect(businessNameKey('Näidis OÜ')).not.toBe(businessNameKey('Näidis Kaks OÜ'));
  });

  it('is the same for a name and any change of case, spacing or legal form around it', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-zÕÄÖÜõäöü0-9]{1,12}( [A-Za-zÕÄÖÜõäöü0-9]{1,12}){0,3}$/),
        fc.constantFrom('', ' OÜ', ' AS', ' osaühing'),
        fc.boolean(),
        (name, form, isUpper) => {
          const typed = `  ${isUpper ? name.toUpperCase() : name.toLowerCase()}${form}  `;
          expect(businessNameKey(typed)).toBe(businessNameKey(name));
        },
      ),
    );
  });
});
