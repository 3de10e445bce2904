import type { z } from 'zod';
import { DEFAULT_COUNTRY_CODE, LIST_MAX_ITEMS, MAX_NUMBER_OF_EMPLOYEES, TEXT_MAX_LENGTH } from '../constants.js';
import { validateAlphanumeric } from '../validation/alphanumeric.js';
import { validationIssue } from '../validation/codes.js';
import { repeatedEntryIndexes } from '../validation/duplicate.js';
import { validateRegistryCode } from '../validation/registry-code.js';
import { addressSchema } from './address.js';
import {
  addValidationIssue,
  countryCode,
  email,
  flag,
  isoDate,
  list,
  object,
  oneOf,
  optionalText,
  phone,
  requiredText,
  uniqueCountries,
  wholeNumber,
  whenValid,
} from './fields.js';

/** Representation basis roles (docs/requirements.md section 3). */
export const REPRESENTATION_BASES = ['MANAGEMENT_BOARD_MEMBER', 'AUTHORIZED_PERSON', 'OTHER'] as const;
export type RepresentationBasis = (typeof REPRESENTATION_BASES)[number];

/** Contact languages (docs/requirements.md section 3). */
export const CONTACT_LANGUAGES = ['ET', 'EN', 'RU'] as const;
export type ContactLanguage = (typeof CONTACT_LANGUAGES)[number];

/** Partner cooperation types (docs/requirements.md section 3). */
export const COOPERATION_TYPES = ['SUPPLIER', 'BUYER', 'OTHER'] as const;
export type CooperationType = (typeof COOPERATION_TYPES)[number];

const EMTAK_CODE = /^\d{1,5}$/;
const activityCode = () => requiredText({ rules: [(value) => (EMTAK_CODE.test(value) ? null : validationIssue('invalidFormat'))] });

export const partnerSchema = object({
  businessName: requiredText({ max: TEXT_MAX_LENGTH.businessName }),
  countryCode: countryCode(),
  cooperationType: oneOf(COOPERATION_TYPES),
  cooperationTypeOther: optionalText(),
}).superRefine(
  (partner, ctx) => {
    if (partner.cooperationType === 'OTHER' && !partner.cooperationTypeOther) {
      addValidationIssue(ctx, validationIssue('required'), ['cooperationTypeOther']);
    }
  },
  whenValid('cooperationType', 'cooperationTypeOther'),
);
export type Partner = z.infer<typeof partnerSchema>;

export const licenseSchema = object({
  number: requiredText({ max: TEXT_MAX_LENGTH.short }),
  issuer: requiredText({ max: TEXT_MAX_LENGTH.text }),
  issueDate: isoDate(),
});
export type License = z.infer<typeof licenseSchema>;

/**
 * Registry codes follow docs/requirements.md section 5 for Estonian companies;
 * foreign registers use other formats, so only the character set and length are
 * checked for them.
 */
export const checkRegistryCode = (
  registryCode: string | undefined,
  registryCountryCode: string,
  ctx: Parameters<typeof addValidationIssue>[0],
  path: PropertyKey[],
) => {
  if (!registryCode) return;
  const issue =
    registryCountryCode === DEFAULT_COUNTRY_CODE
      ? validateRegistryCode(registryCode)
      : registryCode.length > TEXT_MAX_LENGTH.foreignRegistryCode
        ? validationIssue('maxLength', { max: TEXT_MAX_LENGTH.foreignRegistryCode })
        : validateAlphanumeric(registryCode);
  if (issue) addValidationIssue(ctx, issue, path);
};

/** The company data step (docs/requirements.md section 3 "Company application"). */
export const companyDataSchema = object({
  businessName: requiredText({ max: TEXT_MAX_LENGTH.businessName }),
  // A company may have no registry code (docs/requirements.md section 3).
  registryCode: optionalText(),
  registryCountryCode: countryCode().default(DEFAULT_COUNTRY_CODE),
  representationBasis: oneOf(REPRESENTATION_BASES),
  representationBasisOther: optionalText(),
  businessEmail: email(),
  businessPhone: phone(),
  contactLanguage: oneOf(CONTACT_LANGUAGES),
  emtakVersion: requiredText({ max: TEXT_MAX_LENGTH.short }),
  mainFieldOfActivityCode: activityCode(),
  additionalFieldOfActivityCodes: list(activityCode(), { max: LIST_MAX_ITEMS.additionalFieldOfActivityCodes }),
  fieldOfActivityDescription: requiredText({ max: TEXT_MAX_LENGTH.long }),
  numberOfEmployees: wholeNumber(MAX_NUMBER_OF_EMPLOYEES),
  targetMarketCountryCodes: list(countryCode(), { min: 1, max: LIST_MAX_ITEMS.targetMarketCountryCodes }),
  legalAddress: addressSchema,
  isContactAddressSameAsRegistrationAddress: flag(),
  contactAddress: addressSchema.optional(),
  hasLicense: flag(),
  license: licenseSchema.optional(),
  partners: list(partnerSchema, { max: LIST_MAX_ITEMS.partners }),
  isListedCompany: flag(),
  hasAccountInOtherCreditInstitution: flag(),
  hasAccountClosedInLastSixMonths: flag(),
})
  .superRefine(
    (company, ctx) => checkRegistryCode(company.registryCode, company.registryCountryCode, ctx, ['registryCode']),
    whenValid('registryCode', 'registryCountryCode'),
  )
  .superRefine(
    (company, ctx) => {
      if (company.representationBasis === 'OTHER' && !company.representationBasisOther) {
        addValidationIssue(ctx, validationIssue('required'), ['representationBasisOther']);
      }
    },
    whenValid('representationBasis', 'representationBasisOther'),
  )
  .superRefine(
    (company, ctx) => {
      if (!company.isContactAddressSameAsRegistrationAddress && !company.contactAddress) {
        addValidationIssue(ctx, validationIssue('required'), ['contactAddress']);
      }
    },
    whenValid('isContactAddressSameAsRegistrationAddress', 'contactAddress'),
  )
  .superRefine(
    (company, ctx) => {
      if (company.hasLicense && !company.license) addValidationIssue(ctx, validationIssue('required'), ['license']);
    },
    whenValid('hasLicense', 'license'),
  )
  .superRefine(
    (company, ctx) => uniqueCountries(company.targetMarketCountryCodes, (code) => code, ctx, ['targetMarketCountryCodes']),
    whenValid('targetMarketCountryCodes'),
  )
  // docs/requirements.md section 5 "Duplicate": an additional field of activity is named once.
  .superRefine((company, ctx) => {
    for (const index of repeatedEntryIndexes(company.additionalFieldOfActivityCodes)) {
      addValidationIssue(ctx, validationIssue('notUnique'), ['additionalFieldOfActivityCodes', index]);
    }
  }, whenValid('additionalFieldOfActivityCodes'));
export type CompanyData = z.infer<typeof companyDataSchema>;
export type CompanyDataInput = z.input<typeof companyDataSchema>;
