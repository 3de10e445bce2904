import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, DOMAIN_I18N_NAMESPACE, isLocale, LOCALES, type Locale } from '@onboarding/domain';
import { lazyWithReload } from '../lib/lazy-with-reload';
import { localeCookie, resolveInitialLocale, storeLocale } from './locale';

type Catalogue = { translation: ResourceKey; domain: ResourceKey };

// Screen texts are the app's; validation and sign-in messages come with the rules (packages/domain).
// Each language is its own chunk, fetched when it is first needed: the first screen loads one, not three.
// A failed fetch reloads the page once, as a lazy screen does (a deploy replaced the chunk names).
const catalogues: Record<Locale, () => Promise<Catalogue>> = {
  et: lazyWithReload(() => import('./catalogues/et')),
  en: lazyWithReload(() => import('./catalogues/en')),
  ru: lazyWithReload(() => import('./catalogues/ru')),
};

const catalogueBackend: BackendModule = {
  type: 'backend',
  callbackApi: false,
  init: () => undefined,
  read: async (language: string, namespace: string) => {
    if (!isLocale(language)) throw new Error(`no texts for ${language}`);
    const catalogue = await catalogues[language]();
    return namespace === DOMAIN_I18N_NAMESPACE ? catalogue.domain : catalogue.translation;
  },
};

/**
 * Resolves once the current language's texts are in: main.tsx renders after it, so the first paint has
 * no untranslated keys. changeLanguage() fetches the new language before it switches, so neither has it.
 */
const initialLocale = typeof window === 'undefined' ? DEFAULT_LOCALE : resolveInitialLocale(window.location.search, window.localStorage);

export const i18nReady = i18n
  .use(catalogueBackend)
  .use(initReactI18next)
  .init({
    lng: initialLocale,
    // Every language has every key (i18n.test.ts proves it): a fallback language would only be a second download.
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    ns: ['translation', DOMAIN_I18N_NAMESPACE],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

function applyLocale(locale: string): void {
  document.documentElement.lang = locale;
}

function rememberLocale(locale: Locale): void {
  storeLocale(window.localStorage, locale);
  document.cookie = localeCookie(locale, window.location.protocol === 'https:');
}

if (typeof document !== 'undefined') {
  applyLocale(initialLocale);
  // A language chosen by ?lang stays when the page reloads without it.
  rememberLocale(initialLocale);
  i18n.on('languageChanged', (locale) => {
    applyLocale(locale);
    rememberLocale(locale as Locale);
  });
}

export default i18n;
