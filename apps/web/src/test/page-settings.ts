import type { PageSettings } from '@onboarding/domain';
import { providePageSettings } from '../lib/page-settings';

/** The page settings of the tests' page unless a test says otherwise: the bank's support contacts, three languages, an online bank. */
export const TEST_PAGE_SETTINGS: PageSettings = {
  bankName: 'Pank AS',
  logoPath: '',
  supportEmail: 'abi@pank.ee',
  supportPhone: '+372 600 0000',
  locales: ['et', 'en', 'ru'],
  eidUrl: '',
  isMagicSignInEnabled: false,
  isIdentitySimulated: false,
  onlineBankUrl: 'https://bank.example/business',
  authApiUrl: '',
  onboardingApiUrl: '',
};

/**
 * Gives the page these settings (TEST_PAGE_SETTINGS with `changes`), as the server's page-settings meta tag does;
 * they hold until the next call. Each test file has its own module, so the settings do not leak into another file.
 */
export function setPageSettings(changes: Partial<PageSettings> = {}): void {
  providePageSettings({ ...TEST_PAGE_SETTINGS, ...changes });
}
