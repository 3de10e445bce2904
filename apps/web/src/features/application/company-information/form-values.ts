import {
  addressDraftSchema,
  companyDataDraftSchema,
  companyDataFromDraft,
  companyDataSchema,
  type CompanyData,
  type CompanyDataDraft,
  type ContactLanguage,
  type RegisterCompanyLookup,
  type RepresentationBasis,
} from '@onboarding/domain';
import type { Resolver } from 'react-hook-form';
import { draftResolver } from '../../../lib/domain-resolver';

/** The company data step as the form holds it: the domain's draft of companyDataSchema. */
export type CompanyFormValues = CompanyDataDraft;

/** The fields the server may name in a refusal. */
export const FIELD_NAMES = Object.keys(companyDataSchema.shape);

export type Prefill = {
  /** The application's company; `representationBasis` is the representative's right as the register names it. */
  company: { businessName: string; registryCode: string | null; registryCountryCode: string; representationBasis?: RepresentationBasis | null | undefined };
  register: RegisterCompanyLookup | undefined;
  emtakVersion: string | undefined;
  contactLanguage: ContactLanguage | '';
  /** The signed-in representative's own e-mail and phone (personal information screen), as the company's first contacts. */
  representative?: { email: string | null; phone: string | null } | undefined;
};

/**
 * What the form starts from without saved data or a draft: the register card, else the application's company; the
 * business e-mail and phone from the representative's own, for the person to keep or change.
 */
export function prefillValues({ company, register, emtakVersion, contactLanguage, representative }: Prefill): CompanyFormValues {
  const values: CompanyFormValues = {
    ...companyDataDraftSchema.parse({}),
    contactLanguage,
    emtakVersion: emtakVersion ?? register?.emtakVersion ?? '',
    businessEmail: representative?.email ?? '',
    businessPhone: representative?.phone ?? '',
    representationBasis: company.representationBasis ?? '',
  };
  if (!register) {
    return { ...values, businessName: company.businessName, registryCode: company.registryCode ?? '', registryCountryCode: company.registryCountryCode };
  }
  return {
    ...values,
    businessName: register.businessName,
    registryCode: register.registryCode,
    registryCountryCode: register.registryCountryCode,
    mainFieldOfActivityCode: register.mainFieldOfActivityCode,
    isListedCompany: register.isListedCompany,
    legalAddress: addressDraftSchema.parse(register.legalAddress),
  };
}

/**
 * The form's values from saved step data or a draft (either may be old or
 * partial): what it has, read by the domain's draft schema, over `base`.
 */
export function readValues(source: unknown, base: CompanyFormValues): CompanyFormValues {
  const isRecord = typeof source === 'object' && source !== null && !Array.isArray(source);
  return isRecord ? companyDataDraftSchema.parse({ ...base, ...source }) : base;
}

/** companyDataSchema over the step data the form would send: the server's rules, on the form's fields. */
export const companyFormResolver: Resolver<CompanyFormValues, unknown, CompanyData> = draftResolver(companyDataSchema, companyDataFromDraft);
