import type { CountriesResponse } from '@onboarding/domain';
// The library's plain entry: its Node entry would load all ~80 locales, we need three.
import countries from 'i18n-iso-countries/index.js';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import et from 'i18n-iso-countries/langs/et.json' with { type: 'json' };
import ru from 'i18n-iso-countries/langs/ru.json' with { type: 'json' };

/** Every ISO 3166-1 country with its official name in each language, by alpha-2 code; sorting by name is the client's, per language. */
export function buildCountries(): CountriesResponse {
  for (const locale of [et, en, ru]) countries.registerLocale(locale);

  return {
    countries: Object.keys(countries.getAlpha2Codes())
      .sort()
      .map((code) => {
        const name = (lang: string) => {
          const value = countries.getName(code, lang, { select: 'official' });
          if (!value) throw new Error(`i18n-iso-countries has no ${lang} name for ${code}`);
          return value;
        };
        return { code, name: { et: name('et'), en: name('en'), ru: name('ru') } };
      }),
  };
}
