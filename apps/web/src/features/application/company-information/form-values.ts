import {
  CONTACT_LANGUAGES,
  COOPERATION_TYPES,
  DEFAULT_COUNTRY_CODE,
  REPRESENTATION_BASES,
  checkRegistryCode,
  companyDataSchema,
  type CompanyData,
  type CompanyDataInput,
  type ContactLanguage,
  type CooperationType,
  type RegisterCompanyLookup,
  type RepresentationBasis,
} from '@onboarding/domain';
import type { Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';
import { domainResolver } from '../../../lib/domain-resolver';

/**
 * The company data step as the form holds it: the field names of
 * companyDataSchema, with what a form cannot hold otherwise (an unanswered
 * yes/no, a number being typed, the hidden contact address and licence) kept
 * as typed. toPayload() turns it into the step's data; the domain schema
 * validates that, so the form and the API judge the same object.
 */
export type AddressValues = { countryCode: string; county: string; district: string; city: string; street: string; postalCode: string };
export type PartnerValues = { businessName: string; countryCode: string; cooperationType: CooperationType | ''; cooperationTypeOther: string };
export type LicenseValues = { number: string; issuer: string; issueDate: string };

export type CompanyFormValues = {
  businessName: string;
  registryCode: string;
  registryCountryCode: string;
  representationBasis: RepresentationBasis | '';
  representationBasisOther: string;
  businessEmail: string;
  businessPhone: string;
  contactLanguage: ContactLanguage | '';
  emtakVersion: string;
  mainFieldOfActivityCode: string;
  additionalFieldOfActivityCodes: string[];
  fieldOfActivityDescription: string;
  numberOfEmployees: string;
  targetMarketCountryCodes: string[];
  legalAddress: AddressValues;
  isContactAddressSameAsRegistrationAddress: boolean;
  contactAddress: AddressValues;
  hasLicense: boolean | null;
  license: LicenseValues;
  partners: PartnerValues[];
  isListedCompany: boolean | null;
  hasAccountInOtherCreditInstitution: boolean | null;
  hasAccountClosedInLastSixMonths: boolean | null;
};

export const FIELD_NAMES = Object.keys({
  businessName: 0,
  registryCode: 0,
  registryCountryCode: 0,
  representationBasis: 0,
  representationBasisOther: 0,
  businessEmail: 0,
  businessPhone: 0,
  contactLanguage: 0,
  emtakVersion: 0,
  mainFieldOfActivityCode: 0,
  additionalFieldOfActivityCodes: 0,
  fieldOfActivityDescription: 0,
  numberOfEmployees: 0,
  targetMarketCountryCodes: 0,
  legalAddress: 0,
  isContactAddressSameAsRegistrationAddress: 0,
  contactAddress: 0,
  hasLicense: 0,
  license: 0,
  partners: 0,
  isListedCompany: 0,
  hasAccountInOtherCreditInstitution: 0,
  hasAccountClosedInLastSixMonths: 0,
} satisfies Record<keyof CompanyFormValues, 0>);

export const emptyAddress = (): AddressValues => ({ countryCode: DEFAULT_COUNTRY_CODE, county: '', district: '', city: '', street: '', postalCode: '' });
export const emptyPartner = (): PartnerValues => ({ businessName: '', countryCode: '', cooperationType: '', cooperationTypeOther: '' });

export function emptyValues(contactLanguage: ContactLanguage | '' = ''): CompanyFormValues {
  return {
    businessName: '',
    registryCode: '',
    registryCountryCode: DEFAULT_COUNTRY_CODE,
    representationBasis: '',
    representationBasisOther: '',
    businessEmail: '',
    businessPhone: '',
    contactLanguage,
    emtakVersion: '',
    mainFieldOfActivityCode: '',
    additionalFieldOfActivityCodes: [],
    fieldOfActivityDescription: '',
    numberOfEmployees: '',
    targetMarketCountryCodes: [],
    legalAddress: emptyAddress(),
    isContactAddressSameAsRegistrationAddress: true,
    contactAddress: emptyAddress(),
    hasLicense: null,
    license: { number: '', issuer: '', issueDate: '' },
    partners: [],
    isListedCompany: null,
    hasAccountInOtherCreditInstitution: null,
    hasAccountClosedInLastSixMonths: null,
  };
}

export type Prefill = {
  company: { businessName: string; registryCode: string | null; registryCountryCode: string };
  register: RegisterCompanyLookup | undefined;
  emtakVersion: string | undefined;
  contactLanguage: ContactLanguage | '';
};

/** What the form starts from without saved data or a draft: the register card, else the application's company. */
export function prefillValues({ company, register, emtakVersion, contactLanguage }: Prefill): CompanyFormValues {
  const values = emptyValues(contactLanguage);
  values.emtakVersion = emtakVersion ?? register?.emtakVersion ?? '';
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
    legalAddress: readAddress(register.legalAddress, values.legalAddress),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback);
const yesNo = (value: unknown, fallback: boolean | null): boolean | null => (typeof value === 'boolean' ? value : value === null ? null : fallback);
const texts = (value: unknown, fallback: string[]): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : fallback);
const oneOf = <T extends string>(allowed: readonly T[], value: unknown, fallback: T | ''): T | '' =>
  allowed.find((candidate) => candidate === value) ?? (value === '' ? '' : fallback);

function readAddress(source: unknown, fallback: AddressValues): AddressValues {
  if (!isRecord(source)) return fallback;
  return {
    countryCode: text(source.countryCode, fallback.countryCode),
    county: text(source.county, ''),
    district: text(source.district, ''),
    city: text(source.city, ''),
    street: text(source.street, ''),
    postalCode: text(source.postalCode, ''),
  };
}

function readPartner(source: unknown): PartnerValues {
  const partner = isRecord(source) ? source : {};
  return {
    businessName: text(partner.businessName, ''),
    countryCode: text(partner.countryCode, ''),
    cooperationType: oneOf(COOPERATION_TYPES, partner.cooperationType, ''),
    cooperationTypeOther: text(partner.cooperationTypeOther, ''),
  };
}

/**
 * The form's values from saved step data or a draft (either may be old or
 * partial: anything missing or of the wrong kind falls back to `base`).
 */
export function readValues(source: unknown, base: CompanyFormValues): CompanyFormValues {
  if (!isRecord(source)) return base;
  const license = isRecord(source.license) ? source.license : {};
  return {
    businessName: text(source.businessName, base.businessName),
    registryCode: text(source.registryCode, source.businessName === undefined ? base.registryCode : ''),
    registryCountryCode: text(source.registryCountryCode, base.registryCountryCode),
    representationBasis: oneOf(REPRESENTATION_BASES, source.representationBasis, base.representationBasis),
    representationBasisOther: text(source.representationBasisOther, base.representationBasisOther),
    businessEmail: text(source.businessEmail, base.businessEmail),
    businessPhone: text(source.businessPhone, base.businessPhone),
    contactLanguage: oneOf(CONTACT_LANGUAGES, source.contactLanguage, base.contactLanguage),
    emtakVersion: text(source.emtakVersion, base.emtakVersion),
    mainFieldOfActivityCode: text(source.mainFieldOfActivityCode, base.mainFieldOfActivityCode),
    additionalFieldOfActivityCodes: texts(source.additionalFieldOfActivityCodes, base.additionalFieldOfActivityCodes),
    fieldOfActivityDescription: text(source.fieldOfActivityDescription, base.fieldOfActivityDescription),
    numberOfEmployees: text(source.numberOfEmployees, base.numberOfEmployees),
    targetMarketCountryCodes: texts(source.targetMarketCountryCodes, base.targetMarketCountryCodes),
    legalAddress: readAddress(source.legalAddress, base.legalAddress),
    isContactAddressSameAsRegistrationAddress: yesNo(source.isContactAddressSameAsRegistrationAddress, base.isContactAddressSameAsRegistrationAddress) ?? true,
    contactAddress: readAddress(source.contactAddress, base.contactAddress),
    hasLicense: yesNo(source.hasLicense, base.hasLicense),
    license: { number: text(license.number, ''), issuer: text(license.issuer, ''), issueDate: text(license.issueDate, '') },
    partners: Array.isArray(source.partners) ? source.partners.map(readPartner) : base.partners,
    isListedCompany: yesNo(source.isListedCompany, base.isListedCompany),
    hasAccountInOtherCreditInstitution: yesNo(source.hasAccountInOtherCreditInstitution, base.hasAccountInOtherCreditInstitution),
    hasAccountClosedInLastSixMonths: yesNo(source.hasAccountClosedInLastSixMonths, base.hasAccountClosedInLastSixMonths),
  };
}

const optional = (value: string): string | undefined => (value.trim() === '' ? undefined : value);
const orUndefined = <T>(value: T | '' | null): T | undefined => (value === '' || value === null ? undefined : value);

/** Whole numbers as typed; anything else goes to the schema as it is, to be refused there. */
function employees(value: string): number | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function addressPayload(address: AddressValues) {
  return { ...address, county: optional(address.county), district: optional(address.district) };
}

/**
 * The step's data: the hidden contact address and licence are left out, so
 * they are neither validated nor saved; the OTHER texts only go with OTHER.
 * Unanswered choices go as missing, which the schema reports as required.
 */
export function toPayload(values: CompanyFormValues): CompanyDataInput {
  const payload = {
    businessName: values.businessName,
    registryCode: optional(values.registryCode),
    registryCountryCode: values.registryCountryCode,
    representationBasis: orUndefined(values.representationBasis),
    representationBasisOther: values.representationBasis === 'OTHER' ? values.representationBasisOther : undefined,
    businessEmail: values.businessEmail,
    businessPhone: values.businessPhone,
    contactLanguage: orUndefined(values.contactLanguage),
    emtakVersion: values.emtakVersion,
    mainFieldOfActivityCode: values.mainFieldOfActivityCode,
    additionalFieldOfActivityCodes: values.additionalFieldOfActivityCodes,
    fieldOfActivityDescription: values.fieldOfActivityDescription,
    numberOfEmployees: employees(values.numberOfEmployees),
    targetMarketCountryCodes: values.targetMarketCountryCodes,
    legalAddress: addressPayload(values.legalAddress),
    isContactAddressSameAsRegistrationAddress: values.isContactAddressSameAsRegistrationAddress,
    contactAddress: values.isContactAddressSameAsRegistrationAddress ? undefined : addressPayload(values.contactAddress),
    hasLicense: orUndefined(values.hasLicense),
    license: values.hasLicense === true ? values.license : undefined,
    partners: values.partners.map((partner) => ({
      businessName: partner.businessName,
      countryCode: partner.countryCode,
      cooperationType: orUndefined(partner.cooperationType),
      cooperationTypeOther: partner.cooperationType === 'OTHER' ? partner.cooperationTypeOther : undefined,
    })),
    isListedCompany: orUndefined(values.isListedCompany),
    hasAccountInOtherCreditInstitution: orUndefined(values.hasAccountInOtherCreditInstitution),
    hasAccountClosedInLastSixMonths: orUndefined(values.hasAccountClosedInLastSixMonths),
  };
  // Missing answers are what the schema is to report; the input type has no room for them.
  return payload as unknown as CompanyDataInput;
}

const schemaResolver = domainResolver(companyDataSchema);

type FormError = { type: string; message: string; types: Record<string, string> };

/**
 * The schema's cross-field rules (registry code by country, OTHER's text) sit
 * in its object-level superRefine, which zod runs only once every field
 * parses; while others are still empty, the same domain rules are applied
 * here, so these fields show their message on touch like the rest.
 */
function crossFieldErrors(values: CompanyFormValues): Partial<Record<'registryCode' | 'representationBasisOther', FormError>> {
  const errors: Partial<Record<'registryCode' | 'representationBasisOther', FormError>> = {};
  checkRegistryCode(
    values.registryCode.trim() || undefined,
    values.registryCountryCode.trim() || DEFAULT_COUNTRY_CODE,
    {
      addIssue: (issue) => {
        const code = issue.message ?? 'incorrectValue';
        const params = (issue as { params?: Record<string, unknown> }).params ?? {};
        errors.registryCode ??= { type: code, message: code, types: Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])) };
      },
    },
    ['registryCode'],
  );
  if (values.representationBasis === 'OTHER' && values.representationBasisOther.trim() === '') {
    errors.representationBasisOther = { type: 'required', message: 'required', types: {} };
  }
  return errors;
}

/** domainResolver over companyDataSchema, applied to the step's data the form would send. */
export const companyFormResolver: Resolver<CompanyFormValues, unknown, CompanyData> = async (values, context, options) => {
  const result = await schemaResolver(toPayload(values), context, options as unknown as ResolverOptions<CompanyDataInput>);
  if (Object.keys(result.errors).length === 0) return result as unknown as ResolverResult<CompanyFormValues, CompanyData>;
  return { values: {}, errors: { ...crossFieldErrors(values), ...result.errors } } as unknown as ResolverResult<CompanyFormValues, CompanyData>;
};
