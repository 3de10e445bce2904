import type { z } from 'zod';
import { TEXT_MAX_LENGTH } from '../constants.js';
import { validationIssue } from '../validation/codes.js';
import { addValidationIssue, flag, list, object, oneOf, optionalText, requiredText, ticked, whenValid } from './fields.js';

/** Where the representative identifies themselves (docs/requirements.md section 2 and 3). */
export const IDENTIFICATION_LOCATION_TYPES = ['BRANCH', 'BANKING_POINT'] as const;
export type IdentificationLocationType = (typeof IDENTIFICATION_LOCATION_TYPES)[number];

/** Connection to Estonia (docs/requirements.md section 3 "Overview"). */
export const CONNECTIONS_TO_ESTONIA = ['BUSINESS_ACTIVITY_IN_ESTONIA', 'PARTNERS_IN_ESTONIA', 'PRODUCT_AIMED_AT_ESTONIAN_MARKET', 'OTHER'] as const;
export type ConnectionToEstonia = (typeof CONNECTIONS_TO_ESTONIA)[number];

/** Tax-status entity types (docs/requirements.md section 3 "Overview"). */
export const FINANCIAL_INSTITUTION_TYPES = [
  'CUSTODIAL_OR_DEPOSITORY_OR_SPECIFIED_INSURANCE_COMPANY',
  'NON_CRS_PROFESSIONALLY_MANAGED_INVESTMENT_ENTITY_MANAGED_BY_OTHER_FINANCIAL_INSTITUTION',
  'OTHER_INVESTMENT_ENTITY',
] as const;
export const NON_FINANCIAL_ENTITY_TYPES = [
  'ACTIVE_NFE_TRADED_COMPANY',
  'ACTIVE_NFE_GOVERNMENT_ENTITY_OR_CENTRAL_BANK',
  'ACTIVE_NFE_INTERNATIONAL_ORGANIZATION',
  'ACTIVE_NFE_OTHER',
  'PASSIVE_NFE',
] as const;
export const TAX_STATUS_ENTITY_TYPES = [...FINANCIAL_INSTITUTION_TYPES, ...NON_FINANCIAL_ENTITY_TYPES] as const;
export type TaxStatusEntityType = (typeof TAX_STATUS_ENTITY_TYPES)[number];

// The IRS GIIN layout: XXXXXX.XXXXX.XX.XXX, 19 characters.
const GIIN_PATTERN = /^[A-Z0-9]{6}\.[A-Z0-9]{5}\.[A-Z]{2}\.\d{3}$/;
const giin = () => optionalText({ rules: [(value) => (GIIN_PATTERN.test(value) ? null : validationIssue('invalidFormat'))] });

export const identificationLocationSchema = object({
  type: oneOf(IDENTIFICATION_LOCATION_TYPES),
  officeId: requiredText(),
  // docs/requirements.md section 3: the contract can be signed in an office.
  isSignedInOffice: flag().optional(),
});
export type IdentificationLocation = z.infer<typeof identificationLocationSchema>;

/** The overview step (docs/requirements.md section 3 "Overview"). */
export const applicationOverviewSchema = object({
  additionalInformation: optionalText({ max: TEXT_MAX_LENGTH.long }),
  identificationLocation: identificationLocationSchema,
  connectionToEstonia: list(oneOf(CONNECTIONS_TO_ESTONIA), { max: CONNECTIONS_TO_ESTONIA.length }),
  connectionToEstoniaOther: optionalText({ max: TEXT_MAX_LENGTH.long }),
  isFinancialInstitution: flag(),
  giin: giin(),
  taxStatusEntityType: oneOf(TAX_STATUS_ENTITY_TYPES),
  isDataCorrectAndFundsLegal: ticked(),
})
  .superRefine(
    (overview, ctx) => {
      if (overview.connectionToEstonia.includes('OTHER') && !overview.connectionToEstoniaOther) {
        addValidationIssue(ctx, validationIssue('required'), ['connectionToEstoniaOther']);
      }
    },
    whenValid('connectionToEstonia', 'connectionToEstoniaOther'),
  )
  .superRefine(
    (overview, ctx) => {
      if (overview.isFinancialInstitution && !overview.giin) addValidationIssue(ctx, validationIssue('required'), ['giin']);
    },
    whenValid('isFinancialInstitution', 'giin'),
  )
  .superRefine(
    (overview, ctx) => {
      // A financial institution takes one of the financial types, any other entity a non-financial one.
      const allowed: readonly string[] = overview.isFinancialInstitution ? FINANCIAL_INSTITUTION_TYPES : NON_FINANCIAL_ENTITY_TYPES;
      if (!allowed.includes(overview.taxStatusEntityType)) {
        addValidationIssue(ctx, validationIssue('incorrectValue'), ['taxStatusEntityType']);
      }
    },
    whenValid('isFinancialInstitution', 'taxStatusEntityType'),
  );
export type ApplicationOverview = z.infer<typeof applicationOverviewSchema>;
export type ApplicationOverviewInput = z.input<typeof applicationOverviewSchema>;
