import { LOCALES, type PageSettings } from '@onboarding/domain';

// Used only when the page is not served by our server (Vite's dev server, unit tests).
const fallback: PageSettings = {
  bankName: '',
  logoPath: '',
  supportEmail: '',
  supportPhone: '',
  locales: LOCALES,
  eidUrl: '',
  isMagicSignInEnabled: false,
  isIdentitySimulated: false,
  onlineBankUrl: '',
  authApiUrl: '',
  onboardingApiUrl: '',
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

/**
 * The origin a path of our APIs is called at: the authentication API's and the onboarding API's hosts when the page
 * names them (a bank may serve them apart, docs/requirements.md section 7), else the page's own origin ('').
 */
export function apiOriginFor(path: string): string {
  const { authApiUrl, onboardingApiUrl } = readPageSettings();
  if (path.startsWith('/oauth2/')) return authApiUrl;
  if (path.startsWith('/onboarding/')) return onboardingApiUrl;
  return '';
}
