import type { Locale } from './constants.js';

/**
 * Settings the page needs before it can call any API: the support contacts
 * shown by the error boundary (docs/requirements.md section 2) and the locales
 * the `lang` query parameter may choose. The server writes them into
 * index.html.
 */
export type PageSettings = {
  /** The bank's name from its brand file: the logo's text alternative. */
  bankName: string;
  /** The bank's logo (SVG) from its brand file; empty where no server serves it (Vite's dev server, unit tests). */
  logoPath: string;
  supportEmail: string;
  supportPhone: string;
  locales: readonly string[];
  /** Origin of the eid host that reads the ID-card's client certificate; empty when ID-card sign-in is off. */
  eidUrl: string;
  /** Magic sign-in is offered only in test and demo environments. */
  isMagicSignInEnabled: boolean;
  /** The identity services are the built-in simulators: the ID-card is then the simulated card reader. */
  isIdentitySimulated: boolean;
  /** Where a representative of a company that already has an account logs in. */
  onlineBankUrl: string;
  /**
   * The origins of the authentication API (/oauth2/v2) and the onboarding API (/onboarding) when a bank serves them
   * apart (docs/requirements.md section 7); empty: the page's own origin.
   */
  authApiUrl: string;
  onboardingApiUrl: string;
};

/** A screen the web build's server renderer drew: the contents of the page's root element and its title. */
export type PrerenderedScreen = { html: string; title: string };

/**
 * The web build's server renderer (apps/web/src/prerender-entry.tsx), as the server calls it: the screen at
 * `url` (a path under the base path) in `locale`, with the page settings the page will carry.
 */
export type RenderScreen = (request: { url: string; locale: Locale; settings: PageSettings }) => Promise<PrerenderedScreen>;
