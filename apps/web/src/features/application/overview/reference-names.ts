import { useMemo } from 'react';
import { useCountries } from '../../../lib/countries';
import { countryName } from '../../../lib/country-name';
import { useEconomicActivities, usePlaces } from '../../../lib/reference';
import { activityOptions, useLocale } from '../../../lib/fields/options';

/** Names of codes the steps store, in the UI language. */
export type ReferenceNames = {
  country: (code: string) => string;
  /** "62011 Computer programming"; the code alone when the list does not have it. */
  activity: (code: string) => string;
  /** A county's name in the UI language, from its Estonian name as addresses keep it. */
  county: (estonianName: string) => string;
};

/** Country, EMTAK and county names from the reference data; until it loads, the browser's country names and the bare codes and names. */
export function useReferenceNames(): ReferenceNames {
  const locale = useLocale();
  const countries = useCountries();
  const activities = useEconomicActivities();
  const places = usePlaces();
  return useMemo(() => {
    const countyNames = new Map((places.data ?? []).map((county) => [county.name.et, county.name[locale]]));
    const countryNames = new Map((countries.data ?? []).map((country) => [country.code, country.name[locale]]));
    const activityNames = new Map(activityOptions(activities.data, locale).map((option) => [option.value, option.label]));
    return {
      country: (code) => countryNames.get(code) ?? countryName(code, locale),
      activity: (code) => activityNames.get(code) ?? code,
      county: (estonianName) => countyNames.get(estonianName) ?? estonianName,
    };
  }, [countries.data, activities.data, places.data, locale]);
}
