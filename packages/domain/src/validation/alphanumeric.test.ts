import { describe, expect, it } from 'vitest';
import { isAlphanumeric, validateAlphanumeric } from './alphanumeric.js';

describe('alphanumerical (docs/requirements.md section 5)', () => {
  it.each([
    'MARY ÄNN O’CONNEŽ-ŠUSLIK TESTNUMBER',
    'Õie Müürsepp-Šõlg',
    'Tartu mnt. 1/3, Tallinn: korter 5; \\ märge',
    'ABC 123',
    'Line one\nline two',
    "D'Artagnan ‘quoted’ `tick` ´acute´",
  ])('accepts %j', (value) => {
    expect(isAlphanumeric(value)).toBe(true);
  });

  it.each(['Łukasz', 'Иван', 'Zoë', 'a&b', 'x@y', '"quoted"', '50%', 'a_b', '(ok)', '#1', 'é'])('rejects %j', (value) => {
    expect(validateAlphanumeric(value)).toEqual({ code: 'onlyLatinLetters', params: {} });
  });
});
