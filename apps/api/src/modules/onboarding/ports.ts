import type { BankRecords, BusinessRegister } from '../registry/index.js';

/**
 * What the onboarding service needs from its neighbours, typed as narrowly as
 * it uses them (Infisical's Pick habit), so another implementation fits.
 */
export type Register = Pick<BusinessRegister, 'companiesOf' | 'company' | 'companiesNamed' | 'person'>;

export type { BankRecords };
