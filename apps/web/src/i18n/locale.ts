import { DEFAULT_LOCALE, type Locale } from '@onboarding/domain';
import { readPageSettings } from '../app/page-settings';

const STORAGE_KEY = 'locale';

function isSupported(value: string | null | undefined): value is Locale {
  return !!value && (readPageSettings().locales as readonly string[]).includes(value);
}

/**
 * SPEC.md section 2: a `lang` query parameter wins if the page settings support it,
 * otherwise the stored locale, otherwise Estonian.
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

function safeGet(storage: Pick<Storage, 'getItem'>): string | null {
  try {
    return storage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}
