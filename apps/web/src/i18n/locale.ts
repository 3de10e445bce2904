import { BASE_PATH, DEFAULT_LOCALE, LOCALE_COOKIE, type Locale } from '@onboarding/domain';
import { readPageSettings } from '../lib/page-settings';

const STORAGE_KEY = 'locale';

function isSupported(value: string | null | undefined): value is Locale {
  return !!value && (readPageSettings().locales as readonly string[]).includes(value);
}

/**
 * docs/requirements.md section 2: a `lang` query parameter wins if the page
 * settings support it, otherwise the stored locale, otherwise Estonian.
 */
export function resolveInitialLocale(search: string, storage: Pick<Storage, 'getItem'>): Locale {
  const fromQuery = new URLSearchParams(search).get('lang')?.toLowerCase();
  if (isSupported(fromQuery)) return fromQuery;
  const stored = safeGet(storage);
  if (isSupported(stored)) return stored;
  return DEFAULT_LOCALE;
}

export function storeLocale(storage: Pick<Storage, 'setItem'>, locale: Locale): void {
  try {
    storage.setItem(STORAGE_KEY, locale);
  } catch {
    // Private browsing may refuse storage; the choice then lasts for this page only.
  }
}

/**
 * The same choice as a cookie for the server, which names that language's texts in the page so they
 * load with the app's code (apps/api/src/modules/web/routes.ts). The stored choice stays the one that counts.
 */
export function localeCookie(locale: Locale, isHttps: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=${BASE_PATH}; Max-Age=31536000; SameSite=Lax${isHttps ? '; Secure' : ''}`;
}

function safeGet(storage: Pick<Storage, 'getItem'>): string | null {
  try {
    return storage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}
