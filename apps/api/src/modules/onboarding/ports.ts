/**
 * What the onboarding service needs from its neighbours, typed as narrowly as
 * it uses them (Infisical's Pick habit), so tests and other implementations fit.
 */

export type RegisterCompanySummary = { businessName: string; registryCode: string; registryCountryCode: string };

export type Register = {
  /** Companies the person may represent, per the business register. */
  companiesOf(person: { personalId: string; countryCode: string }): Promise<RegisterCompanySummary[]>;
  company(registryCountryCode: string, registryCode: string): Promise<(RegisterCompanySummary & { status: 'ACTIVE' | 'IN_LIQUIDATION' | 'DELETED' }) | undefined>;
  /** Undefined when the register does not know the person. */
  hasValidIdentityDocument(personalId: string, countryCode: string): Promise<boolean | undefined>;
};

export type BankRecords = { hasAccount(registryCountryCode: string, registryCode: string): boolean };

export type SaveAndContinueLaterMail = {
  to: string;
  language: string;
  representativeName: string;
  businessName: string;
  processId: string;
};

export type Mail = {
  /** Adds the mail to the outbox inside the caller's transaction, so it is sent exactly when the write lands. */
  enqueueSaveAndContinueLater(message: SaveAndContinueLaterMail, tx: unknown): Promise<void>;
};
