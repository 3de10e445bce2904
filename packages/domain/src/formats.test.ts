import { describe, expect, it } from 'vitest';
import { formatBankDate, formatBankDateTime, formatBankTime, formatCalendarDate, formatEuroCents, formatIban } from './formats.js';

const NBSP = '\u00a0';

describe('amounts, dates and times as each language writes them (docs/glossary.md section 3)', () => {
  it.each([
    ['et', 150_000, `1500,00${NBSP}€`],
    ['et', 1_500_000, `15${NBSP}000,00${NBSP}€`],
    ['ru', 150_000, `1${NBSP}500,00${NBSP}€`],
    ['en', 150_000, '€1,500.00'],
    ['et', 3_500, `35,00${NBSP}€`],
    ['en', 3_550, '€35.50'],
  ] as const)('%s writes %i cents as %s, cents always shown', (language, cents, expected) => {
    expect(formatEuroCents(cents, language)).toBe(expected);
  });

  it('writes calendar dates as each language does, and leaves what is not one as it is', () => {
    expect(formatCalendarDate('2026-03-05', 'et')).toBe('05.03.2026');
    expect(formatCalendarDate('2026-03-05', 'ru')).toBe('05.03.2026');
    expect(formatCalendarDate('2026-03-05', 'en')).toBe('5 March 2026');
    expect(formatCalendarDate('soon', 'en')).toBe('soon');
  });

  it('dates a moment by the day in Estonia: after 22:00 UTC in winter it is tomorrow there', () => {
    expect(formatBankDate('2026-12-01T22:30:00Z', 'et')).toBe('02.12.2026');
    expect(formatBankTime('2026-12-01T22:30:00Z', 'et')).toBe('0.30');
  });

  it('shows a booked time in Estonian time, summer and winter', () => {
    expect(formatBankDateTime('2026-07-01T06:05:00Z', 'et')).toBe('01.07.2026 kell 9.05');
    expect(formatBankDateTime('2026-12-01T07:00:00Z', 'ru')).toBe('01.12.2026 в 9:00');
    expect(formatBankDateTime('2026-12-01T09:00:00+04:00', 'en')).toBe('1 December 2026 at 7:00');
  });

  it('groups an IBAN in fours', () => {
    expect(formatIban('EE382200221020145685')).toBe('EE38 2200 2210 2014 5685');
    expect(formatIban('GB82WEST12345698765432')).toBe('GB82 WEST 1234 5698 7654 32');
  });
});
