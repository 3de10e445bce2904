import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type Locale } from '@onboarding/domain';
import en from './en.json';
import et from './et.json';
import ru from './ru.json';
import { resolveInitialLocale, storeLocale } from './locale';

export const resources = {
  et: { translation: et },
  en: { translation: en },
  ru: { translation: ru },
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
  i18n.on('languageChanged', (locale) => {
    applyLocale(locale);
    storeLocale(window.localStorage, locale as Locale);
  });
}

export default i18n;
