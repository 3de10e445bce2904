import { DEFAULT_LOCALE, LOCALES, type Locale } from '@onboarding/domain';

/** The UI language as a locale of the product: dates and amounts are written as that language writes them. */
export const localeOf = (language: string | undefined): Locale => LOCALES.find((locale) => locale === language) ?? DEFAULT_LOCALE;

/** The bank's time: a booked visit is shown as the office keeps it, wherever the applicant reads it. */
const BANK_TIME_ZONE = 'Europe/Tallinn';

/**
 * Euro from cents, as each language writes an amount (docs/glossary.md section 3): "150 €" in Estonian and
 * Russian, "€150" in English; cents only when there are any.
 */
export function formatEuroCents(cents: number, locale: Locale): string {
  const hasCents = cents % 100 !== 0;
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: hasCents ? 2 : 0, maximumFractionDigits: 2 }).format(
    cents / 100,
  );
}

type DateParts = { day: string; month: string; year: string; hour: string; minute: string };

function partsOf(date: Date, timeZone: string): DateParts {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return { day: part('day'), month: part('month'), year: part('year'), hour: part('hour'), minute: part('minute') };
}

/** A date as the language writes it: 05.03.2024 in Estonian and Russian, 5 March 2024 in English. */
function formatParts({ day, month, year }: Pick<DateParts, 'day' | 'month' | 'year'>, locale: Locale): string {
  if (locale !== 'en') return `${day}.${month}.${year}`;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A calendar date (YYYY-MM-DD), such as a birth date or an invoice's due date: the same day everywhere; anything else as it is. */
export function formatCalendarDate(isoDate: string, locale: Locale): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return isoDate;
  const [year = '', month = '', day = ''] = isoDate.split('-');
  return formatParts({ day, month, year }, locale);
}

/** A moment's date in the bank's time zone. */
export function formatBankDate(iso: string, locale: Locale): string {
  return formatParts(partsOf(new Date(iso), BANK_TIME_ZONE), locale);
}

/** A moment's time of day in the bank's time zone: 9.00 in Estonian, 9:00 in Russian and English (docs/glossary.md section 3). */
export function formatBankTime(iso: string, locale: Locale): string {
  const { hour, minute } = partsOf(new Date(iso), BANK_TIME_ZONE);
  return `${Number(hour)}${locale === 'et' ? '.' : ':'}${minute}`;
}

/** An IBAN in groups of four, as it is printed and read aloud. */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
