/**
 * Settings the page needs before it can call any API: the support contacts
 * shown by the error boundary (SPEC.md section 2) and the locales the `lang`
 * query parameter may choose. The server writes them into index.html.
 */
export type PageSettings = {
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
};
