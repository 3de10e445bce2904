import type { CompanySource } from '../mail/index.js';
import type { ApplicationRow, PersonKey, RepresentativeRow } from './rows.js';

/**
 * The address the bank may write to about a person's applications: the one they confirmed with a code sent to it
 * (email-confirmation.ts), and no other — not one they typed and never confirmed, nor the company's contact address
 * in an application. Undefined until they confirm one.
 */
export function confirmedEmailOf(representative: Pick<RepresentativeRow, 'email' | 'emailConfirmedAt'> | undefined): string | undefined {
  return representative?.email && representative.emailConfirmedAt ? representative.email : undefined;
}

/** A person as the mail limits per person count them: `EE:38001085718`. */
export const personKeyOf = (person: PersonKey): string => `${person.personalIdCountryCode}:${person.personalId}`;

/** Where the application's company comes from: 'MANUAL' when the register does not know it and the name is as typed. */
export const companySourceOf = (application: Pick<ApplicationRow, 'companySource'>): CompanySource =>
  application.companySource === 'MANUAL' ? 'MANUAL' : 'REGISTER';
