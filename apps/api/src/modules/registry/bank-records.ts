import { cleanRegistryCode } from '@onboarding/domain';
import { FIXTURE_ACCOUNTS, type CompanyKey } from './fixture/bank.js';

/**
 * The bank's own knowledge of a company, kept apart from the state register:
 * a company that already has an account is sent to the online bank
 * (docs/requirements.md section 4, "active company with an existing account").
 */
export type BankRecords = {
  hasAccount(registryCountryCode: string, registryCode: string): boolean;
};

const keyOf = (registryCountryCode: string, registryCode: string) => `${registryCountryCode.trim().toUpperCase()}:${cleanRegistryCode(registryCode)}`;

export const createSimulatedBankRecords = (accounts: readonly CompanyKey[] = FIXTURE_ACCOUNTS): BankRecords => {
  const withAccount = new Set(accounts.map((account) => keyOf(account.registryCountryCode, account.registryCode)));
  return {
    hasAccount: (registryCountryCode, registryCode) => withAccount.has(keyOf(registryCountryCode, registryCode)),
  };
};
