import { describe, expect, it } from 'vitest';
import { paymentReferenceOf } from './payment-reference.js';

describe('paymentReferenceOf', () => {
  it('appends the 7-3-1 check digit of the Estonian payment reference', () => {
    // 1234567: 7·7 + 6·3 + 5·1 + 4·7 + 3·3 + 2·1 + 1·7 = 118, so 2 makes it a multiple of ten.
    expect(paymentReferenceOf(1234567)).toBe('12345672');
    expect(paymentReferenceOf(100001)).toBe('1000012');
    expect(paymentReferenceOf(100042)).toBe('1000423');
  });

  it('gives different numbers different references', () => {
    const references = new Set(Array.from({ length: 1000 }, (_, index) => paymentReferenceOf(100001 + index)));
    expect(references.size).toBe(1000);
  });

  it('refuses what is not an application number', () => {
    expect(() => paymentReferenceOf(0)).toThrow(RangeError);
    expect(() => paymentReferenceOf(1.5)).toThrow(RangeError);
  });
});
