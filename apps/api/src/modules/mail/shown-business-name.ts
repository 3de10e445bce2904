/** Where an application's company comes from (applications.company_source): the business register, or the applicant's typing. */
export type CompanySource = 'REGISTER' | 'MANUAL';

/**
 * The business name a mail may show: the register's, or none for a company the register does not know. Such a name
 * is only what the applicant typed ("Your account is blocked, call +372 …"), and quoting and defusing links does not
 * stop a phone number or an instruction from reaching the reader from the bank's own sender; the mail says "your
 * company" instead (templates/applicant-text.ts, companyPhrase).
 */
export function shownBusinessName(company: { businessName: string; companySource: CompanySource }): string | null {
  return company.companySource === 'MANUAL' ? null : company.businessName;
}
