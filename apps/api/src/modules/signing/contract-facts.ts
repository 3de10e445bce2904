import { isLocale, type Address, type CompanyData, type Locale, type OpeningReasonsValue } from '@onboarding/domain';
import type { ApplicationRow } from '../onboarding/onboarding-repository.js';
import type { ContractFacts } from './render-contract.js';

export const formatAddress = (address: Address): string =>
  [address.street, address.district, `${address.postalCode} ${address.city}`, address.county].filter((part) => part !== undefined && part !== '').join(', ');

/** The contract's language: the company's contact language (company data step), else the representative's, else Estonian. */
export function contractLanguageOf(application: ApplicationRow, representativeLanguage: string | null | undefined): Locale {
  const contact = (application.stepData.CompanyData as Partial<CompanyData> | undefined)?.contactLanguage?.toLowerCase();
  if (isLocale(contact)) return contact;
  return isLocale(representativeLanguage) ? representativeLanguage : 'et';
}

/** The contract's content from a complete application (the review has checked every step before this is called). */
export function contractFactsOf(
  application: ApplicationRow,
  representative: { name: string; personalId: string },
  options: { bankName: string; date: string },
): ContractFacts {
  const company = application.stepData.CompanyData as CompanyData;
  const reasons = application.stepData.AccountOpeningReason as OpeningReasonsValue;
  return {
    processId: application.processId,
    bankName: options.bankName,
    date: options.date,
    company: {
      businessName: company.businessName,
      registryCode: company.registryCode ?? application.companyRegistryCode,
      legalAddress: formatAddress(company.legalAddress),
      email: company.businessEmail,
      phone: company.businessPhone,
    },
    representative: { ...representative, basis: company.representationBasis, basisOther: company.representationBasisOther },
    services: { reasons: reasons.openingReasons, otherReason: reasons.otherReason },
  };
}
