import { describe, expect, it } from 'vitest';
import {
  benefitTypeOf,
  companyStatusOf,
  countryOf,
  emtakVersionOf,
  legalFormOf,
  NON_ISO_COUNTRY_CODES,
  personTypeOf,
  registerCountryOf,
  roleOf,
  ROLE_CODES,
} from './codes.js';

describe('company status (docs/register-facts.md section 3.1)', () => {
  it.each([
    ['R', 'ACTIVE'],
    ['L', 'IN_LIQUIDATION'],
    ['N', 'BANKRUPT'],
    ['K', 'DELETED'],
  ])('%s is %s', (code, status) => {
    expect(companyStatusOf(code)).toEqual({ status, code, isKnown: true });
  });

  it('an unknown status cannot open an account and keeps its code', () => {
    expect(companyStatusOf('X')).toEqual({ status: 'IN_LIQUIDATION', code: 'X', isKnown: false });
    expect(companyStatusOf(undefined).isKnown).toBe(false);
  });
});

describe('legal form (docs/register-facts.md section 3.2)', () => {
  it.each([
    ['OÜ', 'OU'],
    ['AS', 'AS'],
    ['TÜ', 'TU'],
    ['UÜ', 'UU'],
    ['MTÜ', 'MTU'],
    ['SA', 'SA'],
    // U and a combining diaeresis is the same letter.
    ['OU\u0308', 'OU'],
    ['O&#xDC;', 'OU'],
    ['MT&#220;', 'MTU'],
  ])('%s is %s', (code, form) => {
    expect(legalFormOf(code)).toBe(form);
  });

  it.each(['TÜH', 'FIE', 'TRAS', 'XX', '&#99999999;'])('%s is a form the product does not serve', (code) => {
    expect(legalFormOf(code)).toBeUndefined();
  });
});

describe('person type', () => {
  it.each([
    ['F', '38001085718', 'NATURAL'],
    ['J', '19000149', 'LEGAL'],
    [undefined, '19000149', 'LEGAL'],
    [undefined, '38001085718', 'NATURAL'],
    ['?', undefined, 'NATURAL'],
  ] as const)('%s with %s is %s', (code, identifier, type) => {
    expect(personTypeOf(code, identifier)).toBe(type);
  });
});

describe('role (docs/register-facts.md section 3.3)', () => {
  it.each([
    ['JUHL', 'MANAGEMENT_BOARD'],
    ['JUHE', 'MANAGEMENT_BOARD'],
    ['JUHJ', 'MANAGEMENT_BOARD'],
    ['JUHA', 'MANAGEMENT_BOARD'],
    ['N', 'SUPERVISORY_BOARD'],
    ['E', 'SUPERVISORY_BOARD'],
    ['PROK', 'AUTHORIZED_PERSON'],
    ['LIKV', 'LIQUIDATOR'],
    ['LIKVJ', 'LIQUIDATOR'],
    ['O', 'SHAREHOLDER'],
    ['OSAN', 'SHAREHOLDER'],
    ['S', 'SHAREHOLDER'],
    ['W', 'BENEFICIAL_OWNER'],
    ['P', 'IGNORED'],
    ['PANKR', 'IGNORED'],
    ['ORP', 'IGNORED'],
    ['KISIK', 'IGNORED'],
    ['NEW', 'IGNORED'],
  ])('%s is %s', (code, meaning) => {
    expect(roleOf(code)).toBe(meaning);
  });

  it('names every role it ignores', () => {
    expect(Object.keys(ROLE_CODES).length).toBeGreaterThan(30);
  });
});

describe('manner of control (docs/register-facts.md section 2.4)', () => {
  it('O is a holding; any other code is OTHER with the register’s own label', () => {
    expect(benefitTypeOf('O', 'otsene osalus')).toEqual({ benefitType: 'SHARE_OWNERSHIP' });
    expect(benefitTypeOf('K', 'kaudne osalus')).toEqual({ benefitType: 'OTHER', benefitTypeOther: 'kaudne osalus' });
    expect(benefitTypeOf('J', undefined)).toEqual({ benefitType: 'OTHER', benefitTypeOther: 'J' });
    expect(benefitTypeOf(undefined, undefined)).toEqual({ benefitType: 'OTHER' });
  });
});

describe('country (docs/register-facts.md section 3.4)', () => {
  it.each([['EST', 'EE'], ['FIN', 'FI'], ['SWE', 'SE'], ['est', 'EE'], ['EE', 'EE'], ...Object.entries(NON_ISO_COUNTRY_CODES)])('%s is %s', (code, alpha2) => {
    expect(countryOf(code)).toBe(alpha2);
  });

  it('keeps a code that names no one country, for the applicant to correct', () => {
    expect(countryOf('XXX')).toBe('XXX');
    expect(countryOf(undefined)).toBeUndefined();
  });

  it('asks with three letters', () => {
    expect(registerCountryOf('EE')).toBe('EST');
    expect(registerCountryOf('fi')).toBe('FIN');
  });
});

describe('EMTAK version (docs/register-facts.md section 3.5)', () => {
  it('2 is EMTAK 2008; a newer one keeps the register’s name', () => {
    expect(emtakVersionOf('2', 'EMTAK 2008')).toBe('EMTAK 2008');
    expect(emtakVersionOf('3', 'EMTAK 2025')).toBe('EMTAK 2025');
    expect(emtakVersionOf('3', undefined)).toBe('EMTAK 3');
  });
});
