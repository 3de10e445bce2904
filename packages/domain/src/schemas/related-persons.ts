import { z } from 'zod';
import { DEFAULT_COUNTRY_CODE, LIST_MAX_ITEMS, TEXT_MAX_LENGTH } from '../constants.js';
import { validationIssue } from '../validation/codes.js';
import { validatePersonalId } from '../validation/personal-id.js';
import { validationErrorMap as error } from '../validation/zod-issues.js';
import { checkRegistryCode } from './company-data.js';
import { checkOwnDetails, ownDetailsShape } from './own-details.js';
import { addValidationIssue, birthDate, countryCode, flag, list, object, oneOf, optionalText, percent, personName, requiredText, whenValid } from './fields.js';

/** Related-person roles (docs/requirements.md section 3). */
export const RELATED_PERSON_ROLES = ['REPRESENTATIVE', 'MANAGEMENT_BOARD_MEMBER', 'BENEFICIARY', 'SHAREHOLDER', 'SUPERVISORY_BOARD_MEMBER'] as const;
export type RelatedPersonRole = (typeof RELATED_PERSON_ROLES)[number];

/** Shareholders are private persons or legal entities (docs/requirements.md section 3). */
export const RELATED_PERSON_TYPES = ['PRIVATE_PERSON', 'LEGAL_ENTITY'] as const;
export type RelatedPersonType = (typeof RELATED_PERSON_TYPES)[number];

/** Benefit types of a beneficial owner (docs/requirements.md section 3). */
export const BENEFIT_TYPES = ['SHARE_OWNERSHIP', 'DIRECTING_BODY_MEMBER', 'OTHER'] as const;
export type BenefitType = (typeof BENEFIT_TYPES)[number];

/**
 * A holding in a company's shareholders list. The share percent sits on the
 * holding rather than on the person because one person may own shares in more
 * than one company of the chain (docs/requirements.md section 3, nested company owners).
 */
export const shareholdingSchema = object({
  personId: requiredText(),
  sharePercent: percent(),
});
export type Shareholding = z.infer<typeof shareholdingSchema>;

const personBase = {
  id: requiredText(),
  roles: list(oneOf(RELATED_PERSON_ROLES), { max: RELATED_PERSON_ROLES.length }),
  /** Filled from the business register and not edited since; the screen marks it "From the Business Register". */
  isFromRegister: flag().optional(),
};

/** A private person among the related persons (docs/requirements.md section 3 person fields). */
export const privatePersonSchema = checkOwnDetails(
  object({
    ...personBase,
    type: z.literal('PRIVATE_PERSON', { error }),
    firstName: personName(),
    lastName: personName(),
    // Persons without a personal ID are told apart by birth date
    // (docs/requirements.md section 5).
    personalId: optionalText(),
    personalIdCountryCode: countryCode().default(DEFAULT_COUNTRY_CODE),
    birthDate: birthDate(),
    ...ownDetailsShape,
    isBeneficialOwner: flag(),
    beneficiarySharePercent: percent().optional(),
    benefitType: oneOf(BENEFIT_TYPES).optional(),
    benefitTypeOther: optionalText(),
  }),
)
  .superRefine(
    (person, ctx) => {
      if (person.personalId && person.personalIdCountryCode === DEFAULT_COUNTRY_CODE) {
        const issue = validatePersonalId(person.personalId);
        if (issue) addValidationIssue(ctx, issue, ['personalId']);
      }
    },
    whenValid('personalId', 'personalIdCountryCode'),
  )
  .superRefine(
    (person, ctx) => {
      if (person.isBeneficialOwner && !person.benefitType) addValidationIssue(ctx, validationIssue('required'), ['benefitType']);
    },
    whenValid('isBeneficialOwner', 'benefitType'),
  )
  .superRefine(
    (person, ctx) => {
      if (person.benefitType === 'OTHER' && !person.benefitTypeOther) addValidationIssue(ctx, validationIssue('required'), ['benefitTypeOther']);
    },
    whenValid('benefitType', 'benefitTypeOther'),
  )
  .superRefine(
    (person, ctx) => {
      if (person.benefitType === 'SHARE_OWNERSHIP' && person.beneficiarySharePercent === undefined) {
        addValidationIssue(ctx, validationIssue('required'), ['beneficiarySharePercent']);
      }
    },
    whenValid('benefitType', 'beneficiarySharePercent'),
  );
export type PrivatePerson = z.infer<typeof privatePersonSchema>;

/** A legal entity among the related persons, with its own shareholders list (docs/requirements.md section 3). */
export const legalEntitySchema = object({
  ...personBase,
  type: z.literal('LEGAL_ENTITY', { error }),
  registryCountryCode: countryCode().default(DEFAULT_COUNTRY_CODE),
  businessName: requiredText({ max: TEXT_MAX_LENGTH.businessName }),
  registryCode: optionalText(),
  shareholders: list(shareholdingSchema, { max: LIST_MAX_ITEMS.shareholders }),
}).superRefine(
  (entity, ctx) => checkRegistryCode(entity.registryCode, entity.registryCountryCode, ctx, ['registryCode']),
  whenValid('registryCode', 'registryCountryCode'),
);
export type LegalEntity = z.infer<typeof legalEntitySchema>;

export const relatedPersonSchema = z.discriminatedUnion('type', [privatePersonSchema, legalEntitySchema], { error });
export type RelatedPerson = z.infer<typeof relatedPersonSchema>;
