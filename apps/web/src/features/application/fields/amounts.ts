import type { Locale } from '@onboarding/domain';

/** Whole euros in the page's language: et and ru "15 000 €", en "€15,000". */
export function formatEuros(amount: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(amount);
}

/**
 * A euro range in the page's language: et "15 001–50 000 €", en "€15,001 – €50,000".
 * Intl writes a figure dash (U+2012) between Estonian numbers; a range takes an en dash (docs/glossary.md).
 */
export function formatEuroRange(from: number, to: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).formatRange(from, to).replace(/\u2012/g, '–');
}

/** A number without the currency, for the amount field: et and ru "15 000", en "15,000". */
export function formatAmount(amount: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: true }).format(amount);
}

export type ParsedAmount = { kind: 'empty' } | { kind: 'number'; value: number } | { kind: 'invalid' };

const SPACES = /[\s\u00a0\u202f\u2009']/g;

/**
 * The amount field's text as a number. Spaces group thousands in every
 * language, and so does the comma in English; the decimal mark (a comma in
 * et and ru, a point in all three) gives a fraction, which the domain then
 * refuses as an invalid amount: money is whole euros, never a float.
 * Text that is not a number at all is "invalid".
 */
export function parseAmount(text: string, locale: Locale): ParsedAmount {
  let normalized = text
    .replace(SPACES, '')
    .replace(/[€]/g, '')
    .replace(/^\u2212/, '-');
  if (normalized === '') return { kind: 'empty' };
  if (locale === 'en') {
    if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(normalized)) normalized = normalized.replace(/,/g, '');
  } else {
    normalized = normalized.replace(',', '.');
  }
  if (!/^-?\d+(\.\d+)?$/.test(normalized)) return { kind: 'invalid' };
  const [whole = '', fraction = ''] = normalized.split('.');
  // "15.000" or "15,00" is not a whole number of euros as typed, even if its value is.
  if (fraction !== '' && /^0+$/.test(fraction)) return { kind: 'invalid' };
  const value = Number(fraction === '' ? whole : `${whole}.${fraction}`);
  return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'invalid' };
}
