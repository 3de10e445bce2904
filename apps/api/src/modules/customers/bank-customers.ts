import { cleanRegistryCode } from '@onboarding/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.js';
import { bankCustomers } from '../../db/schema.js';

export type CompanyKey = { registryCountryCode: string; registryCode: string };
export const CUSTOMER_SOURCES = ['BANK', 'APPROVED'] as const;
export type CustomerSource = (typeof CUSTOMER_SOURCES)[number];
export type BankCustomer = CompanyKey & { source: CustomerSource; addedAt: Date };

/**
 * The bank's own knowledge of a company, apart from the state register: a company that is already a customer is
 * sent to the online bank (docs/requirements.md section 4, "active company with an existing account"). The bank's
 * systems keep the list through the integration API; an APPROVED decision adds the company.
 */
export type BankCustomers = {
  isCustomer(registryCountryCode: string, registryCode: string): Promise<boolean>;
  find(key: CompanyKey): Promise<BankCustomer | undefined>;
  /** Adds the company, in the caller's transaction where given; a company already listed keeps its first record. */
  add(key: CompanyKey, source: CustomerSource, executor?: Executor): Promise<void>;
  /** False when the company was not listed. */
  remove(key: CompanyKey): Promise<boolean>;
};

/** One spelling of a company's key: the country upper-case, the code without spaces (what the register uses). */
const normalized = (key: CompanyKey): CompanyKey => ({
  registryCountryCode: key.registryCountryCode.trim().toUpperCase(),
  registryCode: cleanRegistryCode(key.registryCode),
});

const whereKey = (key: CompanyKey) => and(eq(bankCustomers.registryCountryCode, key.registryCountryCode), eq(bankCustomers.registryCode, key.registryCode));

export function createBankCustomers(db: Db): BankCustomers {
  const find = async (key: CompanyKey): Promise<BankCustomer | undefined> => {
    const [row] = await db
      .select()
      .from(bankCustomers)
      .where(whereKey(normalized(key)))
      .limit(1);
    return row && { registryCountryCode: row.registryCountryCode, registryCode: row.registryCode, source: row.source as CustomerSource, addedAt: row.addedAt };
  };
  return {
    find,
    isCustomer: async (registryCountryCode, registryCode) => (await find({ registryCountryCode, registryCode })) !== undefined,
    add: async (key, source, executor = db) => {
      await executor
        .insert(bankCustomers)
        .values({ ...normalized(key), source })
        .onConflictDoNothing();
    },
    remove: async (key) =>
      (
        await db
          .delete(bankCustomers)
          .where(whereKey(normalized(key)))
          .returning()
      ).length > 0,
  };
}
