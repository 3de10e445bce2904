import type { BankCustomers } from '../customers/index.js';
import type { BusinessRegister } from '../registry/index.js';

/**
 * What the onboarding service needs from its neighbours, typed as narrowly as
 * it uses them (Infisical's Pick habit), so another implementation fits.
 */
export type Register = Pick<BusinessRegister, 'companiesOf' | 'company' | 'companiesNamed' | 'person' | 'companyReading'>;

/** Whether a company is the bank's customer already. */
export type BankRecords = Pick<BankCustomers, 'isCustomer'>;
