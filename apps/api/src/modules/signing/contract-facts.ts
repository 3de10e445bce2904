import {
  formatAddress,
  isLocale,
  todayInEstonia,
  type ApplicationFacts,
  type CompanyData,
  type Discrepancy,
  type Locale,
  type OpeningReasonsValue,
} from '@onboarding/domain';
import type { ApplicationRow } from '../onboarding/index.js';
import type { ContractFacts } from './render-contract.js';

/** The contract's language: the company's contact language (company data step), else the representative's, else Estonian. */
export function contractLanguageOf(application: ApplicationRow, representativeLanguage: string | null | undefined): Locale {
  const contact = (application.stepData.CompanyData as Partial<CompanyData> | undefined)?.contactLanguage?.toLowerCase();
  if (isLocale(contact)) return contact;
  return isLocale(representativeLanguage) ? representativeLanguage : 'et';
}

/**
 * The contract's content from a complete application (the review has checked every step before this is called).
 * The company is the application's and the register's facts win where it has them: the step data only adds what
 * the register does not know (contacts, services), and a declaration that differs is listed beside the register's.
 */
export function contractFactsOf(
  application: ApplicationRow,
  facts: ApplicationFacts,
  discrepancies: readonly Discrepancy[],
  /** `now`: when it is drawn up; the contract is dated by the day in Estonia then. */
  options: { bankName: string; now: Date; language: Locale },
): ContractFacts {
  const company = application.stepData.CompanyData as CompanyData;
  const reasons = application.stepData.AccountOpeningReason as OpeningReasonsValue;
  const legalAddress = facts.legalAddress.value ?? company.legalAddress;
  const basis = facts.representationBasis.value ?? company.representationBasis;
  return {
    applicationNumber: application.applicationNumber,
    bankName: options.bankName,
    // The day in Estonia: a contract drawn up after midnight there is not dated the day before.
    date: todayInEstonia(options.now),
    company: {
      businessName: facts.businessName.value,
      registryCode: facts.registryCode.value,
      legalAddress: formatAddress(legalAddress),
      email: company.businessEmail,
      phone: company.businessPhone,
    },
    representative: {
      name: facts.representative.value.name,
      personalId: facts.representative.value.personalId,
      basis,
      basisOther: basis === 'OTHER' ? company.representationBasisOther : undefined,
    },
    openingReasons: { reasons: reasons.openingReasons, otherReason: reasons.otherReason },
    registerQueriedAt: facts.businessName.source === 'REGISTER' ? facts.businessName.queriedAt : undefined,
    discrepancies,
  };
}
