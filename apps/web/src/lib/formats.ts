import { DEFAULT_LOCALE, LOCALES, type Locale } from '@onboarding/domain';

/** The UI language as a locale of the product: dates and amounts are written as that language writes them. */
export const localeOf = (language: string | undefined): Locale => LOCALES.find((locale) => locale === language) ?? DEFAULT_LOCALE;

// Amounts, dates and times are written as the mails and the contract write them: one definition, in the domain.
export { formatBankDate, formatBankTime, formatCalendarDate, formatEuroCents, formatIban } from '@onboarding/domain';
