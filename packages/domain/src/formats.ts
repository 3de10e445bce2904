import type { Locale } from './constants.js';

/**
 * How each language writes an amount, a date and a time (docs/glossary.md section 3): one definition for the screens,
 * the mails and the contract, so the invoice on the status page and the invoice in the mail say the same.
 */

/** The bank's time: a booked visit or a signature is shown as the office's clock reads it, wherever it is read. */
const BANK_TIME_ZONE = 'Europe/Tallinn';

/** Intl's locale for each language's numbers. */
const NUMBER_LOCALES: Record<Locale, string> = { et: 'et-EE', en: 'en-GB', ru: 'ru-RU' };

/** Euro from cents, always with the cents, as an invoice writes them: 35,00 € in Estonian and Russian, €35.00 in English. */
export const formatEuroCents = (cents: number, locale: Locale): string =>
  new Intl.NumberFormat(NUMBER_LOCALES[locale], { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);

type DateParts = { day: string; month: string; year: string; hour: string; minute: string };

function bankPartsOf(iso: string): DateParts {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: BANK_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
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
export const formatBankDate = (iso: string, locale: Locale): string => formatParts(bankPartsOf(iso), locale);

/** A moment's time of day in the bank's time zone: 9.00 in Estonian, 9:00 in Russian and English. */
export function formatBankTime(iso: string, locale: Locale): string {
  const { hour, minute } = bankPartsOf(iso);
  return `${Number(hour)}${locale === 'et' ? '.' : ':'}${minute}`;
}

/** A moment as a date and a time in the bank's time zone: 05.03.2024 kell 9.00, 05.03.2024 в 9:00, 5 March 2024 at 9:00. */
export function formatBankDateTime(iso: string, locale: Locale): string {
  const joiner = { et: 'kell', ru: 'в', en: 'at' }[locale];
  return `${formatBankDate(iso, locale)} ${joiner} ${formatBankTime(iso, locale)}`;
}

/** An IBAN in groups of four, as it is printed and read aloud: EE38 2200 2210 2014 5685. */
export const formatIban = (iban: string): string => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
