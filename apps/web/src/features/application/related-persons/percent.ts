import type { Locale } from '@onboarding/domain';

/**
 * A share percent as typed: a comma or a point as the decimal mark (et and ru
 * write a comma), spaces and a trailing "%" allowed. Empty is undefined; text
 * that is not a number is NaN, which the domain's percent rule refuses.
 */
export function parsePercent(text: string): number | undefined {
  const normalized = text.replace(/[\s\u00a0\u202f%]/g, '').replace(',', '.');
  if (normalized === '') return undefined;
  return /^\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : Number.NaN;
}

/** A percent for a field or a sentence in the page's language: et and ru "12,5", en "12.5". */
export function formatPercent(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(value);
}

/** A share field's text: what was stored, or empty. */
export const percentText = (value: number | undefined, locale: Locale): string => (value === undefined ? '' : formatPercent(value, locale));

/**
 * A percent field's value in a person's data: the number, or the text as
 * typed when it is none, for the schema to refuse as an incorrect value.
 * NaN would travel as JSON null, which the server reads as "required".
 */
export function percentData(text: string): number | string | undefined {
  const share = parsePercent(text);
  return share !== undefined && Number.isNaN(share) ? text.trim() : share;
}
