import type { BankRecords } from '../registry/bank-records.js';
import type { BusinessRegister } from '../registry/business-register.js';

/**
 * What the onboarding service needs from its neighbours, typed as narrowly as
 * it uses them (Infisical's Pick habit), so another implementation fits.
 */
export type Register = Pick<BusinessRegister, 'companiesOf' | 'company' | 'companiesNamed' | 'person'>;

export type { BankRecords };
