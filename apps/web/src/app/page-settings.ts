import { LOCALES, type PageSettings } from '@onboarding/domain';

// Used only when the page is not served by our server (Vite's dev server, unit tests).
const fallback: PageSettings = { supportEmail: '', supportPhone: '', locales: LOCALES, eidUrl: '', isMagicSignInEnabled: false };

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
