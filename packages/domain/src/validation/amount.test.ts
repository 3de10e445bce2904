import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_INTEGER_DIGITS } from '../constants.js';
import { percentToBasisPoints, validateEuros, validatePercent } from './amount.js';
import { repeatedCountryIndexes, validateCountryCode } from './country-code.js';

describe('money and percents', () => {
  it.each([
    [1, null],
    [15000, null],
    [0, 'amountMustBePositive'],
    [-5, 'amountMustBePositive'],
    [10.5, 'invalidAmount'],
    [Number.NaN, 'invalidAmount'],
    [999_999_999, null],
    // "Invalid amount" for more integer digits than allowed, docs/requirements.md section 5.
    [1_000_000_000, 'invalidAmount'],
  ])('euros %s gives %s', (value, code) => {
    expect(validateEuros(value)?.code ?? null).toBe(code);
  });

  it('says "Minimum amount" with the minimum when a rule sets one', () => {
    expect(validateEuros(500_000, 500_001)).toEqual({ code: 'minAmount', params: { minValue: 500_001 } });
    expect(validateEuros(500_001, 500_001)).toBeNull();
    expect(validateEuros(0, 500_001)?.code).toBe('amountMustBePositive');
  });

  it('takes every positive whole amount of up to the allowed digits when no minimum is set', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** MAX_AMOUNT_INTEGER_DIGITS - 1 }), (value) => {
        expect(validateEuros(value)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: 0 }), (value) => {
        expect(validateEuros(value)).toEqual({ code: 'amountMustBePositive', params: {} });
      }),
    );
  });

  it.each([
    [100, null],
    [0.01, null],
    [33.33, null],
    [0, 'minValue'],
    [100.01, 'maxValue'],
    [33.333, 'incorrectValue'],
    [Number.POSITIVE_INFINITY, 'incorrectValue'],
  ])('percent %s gives %s', (value, code) => {
    expect(validatePercent(value)?.code ?? null).toBe(code);
  });

  it('adds percents exactly in hundredths', () => {
    expect([33.33, 33.33, 33.34].map(percentToBasisPoints).reduce((a, b) => a + b)).toBe(10000);
    expect(percentToBasisPoints(0.1) + percentToBasisPoints(0.2)).toBe(30);
  });
});

describe('country codes', () => {
  it('are two capital letters', () => {
    expect(validateCountryCode('EE')).toBeNull();
    expect(validateCountryCode('ee')).toEqual({ code: 'invalidCountryCode', params: {} });
    expect(validateCountryCode('EST')).toEqual({ code: 'invalidCountryCode', params: {} });
  });

  it('flag each repeat at its own index', () => {
    expect(repeatedCountryIndexes(['EE', 'FI', 'EE', 'LV', 'FI', 'EE'])).toEqual([2, 4, 5]);
    expect(repeatedCountryIndexes(['', ''])).toEqual([]);
  });
});
