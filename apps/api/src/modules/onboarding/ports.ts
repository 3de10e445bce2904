import type { BankRecords } from '../registry/bank-records.js';
import type { MailModule } from '../mail/index.js';
import type { BusinessRegister } from '../registry/business-register.js';

/**
 * What the onboarding service needs from its neighbours, typed as narrowly as
 * it uses them (Infisical's Pick habit), so another implementation fits.
 */
export type Register = Pick<BusinessRegister, 'companiesOf' | 'company' | 'companiesNamed' | 'person'>;

export type { BankRecords };

/** Adds mail to the outbox inside the caller's transaction, so it is sent exactly when the write lands. */
export type Mail = Pick<MailModule, 'enqueueSaveAndContinueLater'> & { sender: Pick<MailModule['sender'], 'wake'> };
