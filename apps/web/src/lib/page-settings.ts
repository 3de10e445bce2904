import { LOCALES, type PageSettings } from '@onboarding/domain';

// Used only when the page is not served by our server (Vite's dev server, unit tests).
const fallback: PageSettings = {
  supportEmail: '',
  supportPhone: '',
  locales: LOCALES,
  eidUrl: '',
  isMagicSignInEnabled: false,
  isIdentitySimulated: false,
  onlineBankUrl: '',
};

let cached: PageSettings | undefined;

export function readPageSettings(): PageSettings {
  if (cached) return cached;
  const content = typeof document === 'undefined' ? null : document.querySelector('meta[name="page-settings"]')?.getAttribute('content');
  try {
    cached = content ? { ...fallback, ...(JSON.parse(content) as Partial<PageSettings>) } : fallback;
  } catch {
    cached = fallback;
  }
  return cached;
}

/** The server renderer (prerender-entry.tsx) has no page to read them from: it is given the settings the page will carry. */
export function providePageSettings(settings: PageSettings): void {
  cached = { ...fallback, ...settings };
}

/**
 * The online bank a company with an existing account is sent to, or null when
 * the page has none (Vite's dev server, unit tests): then the link is hidden.
 */
export function readOnlineBankUrl(): string | null {
  const { onlineBankUrl } = readPageSettings();
  return typeof onlineBankUrl === 'string' && /^https?:\/\//.test(onlineBankUrl) ? onlineBankUrl : null;
}
