import { describe, expect, it } from 'vitest';
import { ADULT_AGE, ageOn, isMinorOn } from './age.js';

describe('ageOn', () => {
  it('counts full years, a birthday counting from its day', () => {
    expect(ageOn('2011-01-01', '2028-12-31')).toBe(17);
    expect(ageOn('2011-01-01', '2029-01-01')).toBe(18);
    expect(ageOn('2000-02-29', '2018-02-28')).toBe(17);
    expect(ageOn('2000-02-29', '2018-03-01')).toBe(18);
  });

  it('reads a moment as its day in Estonia', () => {
    expect(ageOn('2011-01-01', new Date('2028-12-31T21:59:59Z'))).toBe(17);
    expect(ageOn('2011-01-01', new Date('2028-12-31T22:00:00Z'))).toBe(18);
  });
});

describe('isMinorOn', () => {
  it('knows the minor of the demo identities (born 2011-01-01) from the personal code', () => {
    const minor = { personalId: '61101012257', personalIdCountryCode: 'EE' };
    expect(isMinorOn(minor, '2026-11-26')).toBe(true);
    expect(isMinorOn(minor, `${String(2011 + ADULT_AGE)}-01-01`)).toBe(false);
  });

  it('finds adults, other countries and invalid codes not minors', () => {
    expect(isMinorOn({ personalId: '40504040001', personalIdCountryCode: 'EE' }, '2026-11-26')).toBe(false);
    expect(isMinorOn({ personalId: '61101012257', personalIdCountryCode: 'LV' }, '2026-11-26')).toBe(false);
    expect(isMinorOn({ personalId: '61101012258', personalIdCountryCode: 'EE' }, '2026-11-26')).toBe(false);
  });
});
