import type { Locale } from '@onboarding/domain';

/** The bank's local time: a booked visit is shown as the office's clock will read it. */
const BANK_TIME_ZONE = 'Europe/Tallinn';

const NUMBER_LOCALES: Record<Locale, string> = { et: 'et-EE', en: 'en-GB', ru: 'ru-RU' };

const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Euro cents as the language writes an amount (docs/glossary.md section 3): 1500,00 € and 15 000,00 €, 1 500,00 €, €1,500.00. */
export const formatEuro = (cents: number, language: Locale): string =>
  new Intl.NumberFormat(NUMBER_LOCALES[language], { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(cents / 100);

/** A calendar date (YYYY-MM-DD): 05.03.2024 in Estonian and Russian, 5 March 2024 in English. */
export function formatDate(isoDate: string, language: Locale): string {
  const [year = '', month = '', day = ''] = isoDate.slice(0, 10).split('-');
  if (language === 'en') return `${Number(day)} ${MONTHS_EN[Number(month) - 1] ?? month} ${year}`;
  return `${day}.${month}.${year}`;
}

/** A moment as a date and a time in Estonian time: 05.03.2024 kell 9.00, 05.03.2024 в 9:00, 5 March 2024 at 9:00. */
export function formatBankTime(isoDateTime: string, language: Locale): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: BANK_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(isoDateTime));
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((candidate) => candidate.type === type)?.value ?? '';
  const date = formatDate(`${part('year')}-${part('month')}-${part('day')}`, language);
  const hour = String(Number(part('hour')));
  if (language === 'et') return `${date} kell ${hour}.${part('minute')}`;
  if (language === 'ru') return `${date} в ${hour}:${part('minute')}`;
  return `${date} at ${hour}:${part('minute')}`;
}

/** An IBAN in groups of four, as printed on statements: EE38 2200 2210 2014 5685. */
export const formatIban = (iban: string): string => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/** Format characters (bidi controls, zero-width) and lone surrogates: they reorder or hide what the reader sees. */
const INVISIBLE = /[\p{Cf}\p{Cs}]/gu;
/** Control characters other than the line feed, and tabs: one space each. */
const CONTROLS = /[^\S\n]|[\p{Cc}\p{Zl}\p{Zp}]/gu;

/**
 * What a bank's manager wrote for the applicant, as plain lines: its own line breaks kept, nothing that hides or
 * reorders text, no empty lines. The layout escapes it for the HTML part.
 */
export function plainLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(INVISIBLE, '')
    .replace(CONTROLS, (character) => (character === '\n' ? '\n' : ' '))
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .filter((line) => line.length > 0);
}
