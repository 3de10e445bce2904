import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ValidationResult } from './codes.js';
import { isValidPersonalId, parsePersonalId, personalIdCheckDigit, validatePersonalId } from './personal-id.js';

const withCheckDigit = (firstTen: string) => firstTen + String(personalIdCheckDigit(firstTen));
const stageIRemainder = (code: string) => [1, 2, 3, 4, 5, 6, 7, 8, 9, 1].reduce((sum, weight, index) => sum + weight * Number(code[index]), 0) % 11;

describe('Estonian personal ID (docs/requirements.md section 5, docs/eid-facts.md section 6)', () => {
  it.each([
    ['38001085718', '1980-01-08', 'M', 'stage I (Web eID docs example)'],
    ['60001019906', '2000-01-01', 'F', 'stage I (MID demo user)'],
    ['50001029996', '2000-01-02', 'M', 'stage II needed (Smart-ID demo user)'],
    ['51307149560', '2013-07-14', 'M', 'both stages give 10, so the check digit falls back to 0'],
    ['47302200234', '1973-02-20', 'F', 'stage I (et.wikipedia example)'],
    ['38001010015', '1980-01-01', 'M', 'synthetic, stage II'],
    ['38001010250', '1980-01-01', 'M', 'synthetic, fall-back to 0'],
    ['36805280109', '1968-05-28', 'M', 'stage I'],
    ['38412319871', '1984-12-31', 'M', 'the MID documentation example'],
  ])('%s is valid: %s %s (%s)', (code, birthDate, sex) => {
    expect(isValidPersonalId(code)).toBe(true);
    expect(parsePersonalId(code)).toEqual({ birthDate, sex });
    expect(validatePersonalId(code)).toBeNull();
  });

  it.each([
    ['38001085719', 'wrong check digit (should be 8)'],
    ['36805280108', 'wrong check digit (should be 9)'],
    ['38002310000', '1980-02-31 does not exist'],
    ['39902290001', '1999-02-29 does not exist'],
    ['98001085718', 'first digit 9'],
    ['08001085718', 'first digit 0'],
    ['3800108571', '10 digits'],
    ['380010857180', '12 digits'],
    ['3800108571a', 'a letter'],
    [' 38001085718', 'leading space'],
    ['', 'empty'],
  ])('%s is invalid: %s', (code) => {
    expect(isValidPersonalId(code)).toBe(false);
    expect(parsePersonalId(code)).toBeNull();
  });

  it('reports the code, and leaves empty values to "required"', () => {
    expect(validatePersonalId('38001085719')).toEqual({ code: 'invalidPersonalId', params: {} });
    expect(validatePersonalId('')).toBeNull();
  });

  it.each<[string, ValidationResult, string]>([
    ['3800108571a', { code: 'onlyNumbers', params: {} }, 'a letter'],
    ['38001-085718', { code: 'onlyNumbers', params: {} }, 'a hyphen'],
    ['EE38001085718', { code: 'onlyNumbers', params: {} }, 'a country prefix'],
    ['3800108571', { code: 'exactLength', params: { length: 11 } }, '10 digits'],
    ['380010857180', { code: 'exactLength', params: { length: 11 } }, '12 digits'],
    ['08001085718', { code: 'invalidPersonalId', params: {} }, 'first digit 0'],
    ['38002310000', { code: 'invalidPersonalId', params: {} }, 'a date that does not exist'],
    ['38001085719', { code: 'invalidPersonalId', params: {} }, 'wrong check digit'],
  ])('%s gives %j (%s)', (code, issue) => {
    expect(validatePersonalId(code)).toEqual(issue);
  });

  it.each([
    ['1', '1800', 'M'],
    ['2', '1800', 'F'],
    ['3', '1900', 'M'],
    ['4', '1900', 'F'],
    ['5', '2000', 'M'],
    ['6', '2000', 'F'],
    ['7', '2100', 'M'],
    ['8', '2100', 'F'],
  ])('century digit %s means %s and sex %s', (digit, century, sex) => {
    const code = withCheckDigit(`${digit}00010100`.padEnd(10, '1'));
    expect(parsePersonalId(code)).toEqual({ birthDate: `${century.slice(0, 2)}00-01-01`, sex });
  });

  it.each(['1', '2', '3', '4', '5', '6', '7', '8'])('checks 29 February by the real year (first digit %s)', (digit) => {
    expect(isValidPersonalId(withCheckDigit(`${digit}040229001`))).toBe(true);
    expect(isValidPersonalId(withCheckDigit(`${digit}010229001`))).toBe(false);
  });

  it.each([
    ['1', false, '1800'],
    ['3', false, '1900'],
    ['5', true, '2000'],
    ['7', false, '2100'],
  ])('29 February of the century year (first digit %s) is valid: %s (%s)', (digit, isValid) => {
    expect(isValidPersonalId(withCheckDigit(`${digit}000229001`))).toBe(isValid);
  });

  it('rejects month 00 and 13 and day 00 and 32', () => {
    for (const date of ['0000', '1301', '0100', '0132']) {
      expect(isValidPersonalId(withCheckDigit(`380${date}001`))).toBe(false);
    }
  });

  it('uses stage II weights when stage I gives 10, and 0 when both do', () => {
    expect(stageIRemainder('50001029996')).toBe(10);
    expect(personalIdCheckDigit('5000102999')).toBe(6);
    expect(stageIRemainder('51307149560')).toBe(10);
    expect(personalIdCheckDigit('5130714956')).toBe(0);
  });

  it('shares the two-stage algorithm blind spot: a serial change across stages can stay valid', () => {
    expect(isValidPersonalId('19801037941')).toBe(true);
    expect(isValidPersonalId('19801037921')).toBe(true);
  });
});

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Any valid code: a century digit, a real date and a serial, with the computed check digit. */
const validCode = fc
  .record({
    digit: fc.integer({ min: 1, max: 8 }),
    yy: fc.integer({ min: 0, max: 99 }),
    month: fc.integer({ min: 1, max: 12 }),
    dayFraction: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
    serial: fc.integer({ min: 0, max: 999 }),
  })
  .map(({ digit, yy, month, dayFraction, serial }) => {
    const year = 1800 + Math.floor((digit - 1) / 2) * 100 + yy;
    const day = 1 + Math.floor(dayFraction * daysIn(year, month));
    const code = withCheckDigit(`${digit}${pad(yy, 2)}${pad(month, 2)}${pad(day, 2)}${pad(serial, 3)}`);
    return { code, birthDate: `${year}-${pad(month, 2)}-${pad(day, 2)}`, sex: digit % 2 === 1 ? 'M' : 'F' };
  });

describe('personal ID properties', () => {
  it('a code with any character but a digit is "Only numbers permitted"', () => {
    fc.assert(
      fc.property(
        validCode,
        fc.nat({ max: 11 }),
        fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/\d/.test(c)),
        ({ code }, at, other) => {
          expect(validatePersonalId(code.slice(0, at) + other + code.slice(at))).toEqual({ code: 'onlyNumbers', params: {} });
        },
      ),
    );
  });

  it('digits only, but not 11 of them, is "must be 11 characters"', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{1,30}$/).filter((code) => code.length !== 11),
        (code) => {
          expect(validatePersonalId(code)).toEqual({ code: 'exactLength', params: { length: 11 } });
        },
      ),
    );
  });

  it('11 digits fail only as "Incorrect Estonian ID code"', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11}$/), (code) => {
        expect(validatePersonalId(code)).toEqual(isValidPersonalId(code) ? null : { code: 'invalidPersonalId', params: {} });
      }),
    );
  });

  it('every generated valid code passes and parses to the date and sex it encodes', () => {
    fc.assert(
      fc.property(validCode, ({ code, birthDate, sex }) => {
        expect(parsePersonalId(code)).toEqual({ birthDate, sex });
      }),
    );
  });

  it('every single-digit change fails or changes the parsed date or sex, except across check stages', () => {
    fc.assert(
      fc.property(validCode, fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 9 }), ({ code }, position, delta) => {
        const digit = (Number(code[position]) + delta) % 10;
        const changed = code.slice(0, position) + String(digit) + code.slice(position + 1);
        const before = parsePersonalId(code);
        const after = parsePersonalId(changed);
        if (after === null || after.birthDate !== before?.birthDate || after.sex !== before.sex) return;
        // One changed digit moves the stage-I sum by weight*delta, never 0 modulo 11, so an
        // unchanged reading is only possible when exactly one of the codes needed stage II.
        expect(position).toBeLessThan(10);
        expect([stageIRemainder(code), stageIRemainder(changed)]).toContain(10);
      }),
      { numRuns: 2000 },
    );
  });
});
