import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, DOMAIN_I18N_NAMESPACE, type Locale } from '@onboarding/domain';
import domainEn from '@onboarding/domain/i18n/en.json';
import domainEt from '@onboarding/domain/i18n/et.json';
import domainRu from '@onboarding/domain/i18n/ru.json';
import en from './en.json';
import et from './et.json';
import ru from './ru.json';
import { resolveInitialLocale, storeLocale } from './locale';

// Screen texts are the app's; validation and sign-in messages come with the rules (packages/domain).
export const resources = {
  et: { translation: et, [DOMAIN_I18N_NAMESPACE]: domainEt },
  en: { translation: en, [DOMAIN_I18N_NAMESPACE]: domainEn },
  ru: { translation: ru, [DOMAIN_I18N_NAMESPACE]: domainRu },
} as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: typeof window === 'undefined' ? DEFAULT_LOCALE : resolveInitialLocale(window.location.search, window.localStorage),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: Object.keys(resources),
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyLocale(locale: string): void {
  document.documentElement.lang = locale;
}

if (typeof document !== 'undefined') {
  applyLocale(i18n.language);
  // A language chosen by ?lang stays when the page reloads without it.
  storeLocale(window.localStorage, i18n.language as Locale);
  i18n.on('languageChanged', (locale) => {
    applyLocale(locale);
    storeLocale(window.localStorage, locale as Locale);
  });
}

export default i18n;
