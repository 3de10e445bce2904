import { DEFAULT_LOCALE, LOCALES, type EconomicActivitiesResponse, type Locale } from '@onboarding/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sortCountries, useCountries } from '../countries';
import { useEconomicActivities } from '../reference';
import type { ComboboxOption } from '../../ui';

export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return LOCALES.find((locale) => locale === i18n.resolvedLanguage) ?? DEFAULT_LOCALE;
}

/** The reference countries by their name in the UI language; found by name or ISO code. */
export function useCountryOptions(): ComboboxOption[] {
  const locale = useLocale();
  const countries = useCountries();
  return useMemo(
    () => sortCountries(countries.data ?? [], locale).map((country) => ({ value: country.code, label: country.name[locale], keywords: country.code })),
    [countries.data, locale],
  );
}

/** EMTAK fifth-level codes as "62011 Computer programming", found by code or by name in the UI language. */
export function activityOptions(response: EconomicActivitiesResponse | undefined, locale: Locale): ComboboxOption[] {
  if (!response) return [];
  return response.sections.flatMap((section) =>
    section.divisions.flatMap((division) =>
      division.activities.map((activity) => ({ value: activity.code, label: `${activity.code} ${activity.name[locale]}` })),
    ),
  );
}

export function useActivityOptions(): ComboboxOption[] {
  const locale = useLocale();
  const activities = useEconomicActivities();
  return useMemo(() => activityOptions(activities.data, locale), [activities.data, locale]);
}

/**
 * Keeps a value the list does not have (typed before, or from the register) choosable, so nothing is lost; `name` is
 * what the value's source calls it (the register's name of an activity code), shown after it where given.
 */
export function withCurrent(options: readonly ComboboxOption[], value: string, name?: string): ComboboxOption[] {
  if (value === '' || options.some((option) => option.value === value)) return [...options];
  return [...options, { value, label: name ? `${value} ${name}` : value }];
}
