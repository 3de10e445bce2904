import { z } from 'zod';
import { addressSchema } from './address.js';
import { checkRegistryCode } from './company-data.js';
import { countryCode, object, personalId, requiredText } from './fields.js';
import { companyRepresentationSchema } from './representation.js';
import { RESIDENCIES } from './own-details.js';
import { BENEFIT_TYPES, RELATED_PERSON_ROLES } from './related-persons.js';

/**
 * What the bank reads from the business register
 * (docs/requirements.md section 1: the company, its representative,
 * shareholders, supervisory board members and beneficial owners) in the words
 * of docs/requirements.md section 3, so that the company form and the related
 * persons step can be pre-filled field for field. These are response shapes:
 * the register is trusted, so no form rules apply.
 */

/** Legal forms of the Estonian business register: OÜ, AS, TÜ, UÜ, MTÜ, SA. */
export const LEGAL_FORMS = ['OU', 'AS', 'TU', 'UU', 'MTU', 'SA'] as const;
export type LegalForm = (typeof LEGAL_FORMS)[number];

/**
 * A company in liquidation or bankrupt cannot open an account; a deleted one has nobody who may represent it
 * (docs/register-facts.md section 3.1).
 */
export const COMPANY_STATUSES = ['ACTIVE', 'IN_LIQUIDATION', 'BANKRUPT', 'DELETED'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

/** A private person as the register names them in a board, shareholders or beneficial owners list. */
export const registerPersonDataSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  /**
   * Foreign persons may be registered without a personal ID; they are told apart by birth date
   * (docs/requirements.md section 5).
   */
  personalId: z.string().optional(),
  personalIdCountryCode: z.string(),
  birthDate: z.string(),
  nationalityCountryCode: z.string(),
  residentialCountryCode: z.string(),
  residency: z.enum(RESIDENCIES),
});
export type RegisterPersonData = z.infer<typeof registerPersonDataSchema>;

export type RegisterPrivatePersonShareholder = RegisterPersonData & { type: 'PRIVATE_PERSON'; sharePercent: number };

/**
 * A company among the shareholders, with its own shareholders down the chain (docs/requirements.md section 3, nested
 * company owners).
 */
export type RegisterLegalEntityShareholder = {
  type: 'LEGAL_ENTITY';
  businessName: string;
  registryCode: string;
  registryCountryCode: string;
  sharePercent: number;
  shareholders: RegisterShareholder[];
};

export type RegisterShareholder = RegisterPrivatePersonShareholder | RegisterLegalEntityShareholder;

const privatePersonShareholderSchema = registerPersonDataSchema.extend({
  type: z.literal('PRIVATE_PERSON'),
  sharePercent: z.number(),
});

// The chain of owners nests to any depth, so the schema refers to itself.
const legalEntityShareholderSchema: z.ZodType<RegisterLegalEntityShareholder> = z.lazy(() =>
  z.object({
    type: z.literal('LEGAL_ENTITY'),
    businessName: z.string(),
    registryCode: z.string(),
    registryCountryCode: z.string(),
    sharePercent: z.number(),
    shareholders: z.array(registerShareholderSchema),
  }),
);

// The id names it as an OpenAPI component, which its own nested lists refer to.
export const registerShareholderSchema: z.ZodType<RegisterShareholder> = z
  .union([privatePersonShareholderSchema, legalEntityShareholderSchema])
  .meta({ id: 'RegisterShareholder' });

/** A beneficial owner with the benefit type of docs/requirements.md section 3; the share is the direct and indirect holding. */
export const registerBeneficialOwnerSchema = registerPersonDataSchema.extend({
  benefitType: z.enum(BENEFIT_TYPES),
  beneficiarySharePercent: z.number().optional(),
  benefitTypeOther: z.string().optional(),
  /**
   * The manner of control as the register names it: its code and its own label (in Estonian), beside the benefit
   * type read from them (docs/register-facts.md section 2.4). A card stored before they were kept has neither.
   */
  controlTypeCode: z.string().optional(),
  controlTypeName: z.string().optional(),
  /** Someone has filed a discrepancy notice with the register about this owner; absent means none. */
  hasDiscrepancyNotice: z.boolean().optional(),
});
export type RegisterBeneficialOwner = z.infer<typeof registerBeneficialOwnerSchema>;

/** A company's register card: what the company form and the related persons step can be filled from. */
export const registerCompanyDetailsSchema = z.object({
  businessName: z.string(),
  registryCode: z.string(),
  registryCountryCode: z.string(),
  legalForm: z.enum(LEGAL_FORMS),
  status: z.enum(COMPANY_STATUSES),
  /** yyyy-MM-dd */
  registrationDate: z.string(),
  legalAddress: addressSchema,
  emtakVersion: z.string(),
  mainFieldOfActivityCode: z.string(),
  /** The register's own name of the code (in Estonian), where it gives one: shown for a code our EMTAK list lacks. */
  mainFieldOfActivityName: z.string().optional(),
  isListedCompany: z.boolean(),
  managementBoardMembers: z.array(registerPersonDataSchema),
  supervisoryBoardMembers: z.array(registerPersonDataSchema),
  /** Persons with a procura or other registered right of representation besides the board. */
  authorizedPersons: z.array(registerPersonDataSchema),
  shareholders: z.array(registerShareholderSchema),
  beneficialOwners: z.array(registerBeneficialOwnerSchema),
  /**
   * Who may act for the company and how (docs/register-facts.md section 5). Absent on a card read before the product
   * kept it: the signing requirement is then the bank's question.
   */
  representation: companyRepresentationSchema.optional(),
  /**
   * Beneficial owners the register counts but does not name (docs/register-facts.md section 2.4): the applicant must
   * declare them, and no automated approval rests on such a list. Absent on a card stored before it was kept.
   */
  hiddenBeneficialOwners: z.number().optional(),
  /** A notice has been filed with the register that the company's beneficial-owner data are missing. */
  hasBeneficialOwnersMissingNotice: z.boolean().optional(),
});
export type RegisterCompanyDetails = z.infer<typeof registerCompanyDetailsSchema>;

/**
 * What the company look-up answers: only what the forms pre-fill, that is
 * the company information step and the business name the choose-company and
 * legal-entity forms offer. The card's persons and owners reach the related
 * persons step from the application's own card (relatedPersonsFromRegister),
 * never through a look-up, so they are not answered here.
 */
export const registerCompanyLookupSchema = registerCompanyDetailsSchema.pick({
  businessName: true,
  registryCode: true,
  registryCountryCode: true,
  emtakVersion: true,
  mainFieldOfActivityCode: true,
  mainFieldOfActivityName: true,
  isListedCompany: true,
  legalAddress: true,
});
export type RegisterCompanyLookup = z.infer<typeof registerCompanyLookupSchema>;

/**
 * What the person look-up answers: the fields the related-person form fills,
 * name, birth date and residency. The personal code is the one asked about;
 * the identity document stays with the bank.
 */
export const registerPersonLookupSchema = registerPersonDataSchema.pick({
  firstName: true,
  lastName: true,
  birthDate: true,
  nationalityCountryCode: true,
  residentialCountryCode: true,
  residency: true,
});
export type RegisterPersonLookup = z.infer<typeof registerPersonLookupSchema>;

/** Path parameters of the company lookup: an Estonian registry code follows docs/requirements.md section 5. */
export const registerCompanyParamsSchema = object({
  registryCountryCode: countryCode(),
  registryCode: requiredText(),
}).superRefine((value, ctx) => checkRegistryCode(value.registryCode, value.registryCountryCode, ctx, ['registryCode']));
export type RegisterCompanyParams = z.infer<typeof registerCompanyParamsSchema>;

/** Path parameters of the person lookup: the population register knows Estonian personal ID codes only. */
export const registerPersonParamsSchema = object({ personalId: personalId() });
export type RegisterPersonParams = z.infer<typeof registerPersonParamsSchema>;

/**
 * The related persons step as far as the register fills it
 * (docs/requirements.md section 3): each person once with every role the
 * register gives them, company owners with their own shareholders lists down
 * the chain, and the holdings of the applicant. Fields the register does not
 * know (addresses, tax residences, political exposure) are left for the user;
 * every person is marked isFromRegister until the user edits it.
 */
const registerHoldingSchema = z.object({ personId: z.string(), sharePercent: z.number() });
const registerRelatedPrivatePersonSchema = registerPersonDataSchema.extend({
  id: z.string(),
  type: z.literal('PRIVATE_PERSON'),
  roles: z.array(z.enum(RELATED_PERSON_ROLES)),
  isFromRegister: z.literal(true),
  isBeneficialOwner: z.boolean().optional(),
  beneficiarySharePercent: z.number().optional(),
  benefitType: z.enum(BENEFIT_TYPES).optional(),
  benefitTypeOther: z.string().optional(),
});
const registerRelatedLegalEntitySchema = z.object({
  id: z.string(),
  type: z.literal('LEGAL_ENTITY'),
  roles: z.array(z.enum(RELATED_PERSON_ROLES)),
  isFromRegister: z.literal(true),
  businessName: z.string(),
  registryCode: z.string(),
  registryCountryCode: z.string(),
  shareholders: z.array(registerHoldingSchema),
});
/**
 * What the register says about the beneficial owners besides the persons it fills in: whom it names and how they
 * control the company, how many it counts without naming, and the notices filed about them. The step shows it
 * beside the applicant's own list, which may differ (a difference is a discrepancy the bank sees).
 */
export const registerBeneficialOwnershipSchema = z.object({
  owners: z.array(
    registerBeneficialOwnerSchema.pick({
      firstName: true,
      lastName: true,
      personalId: true,
      birthDate: true,
      benefitType: true,
      benefitTypeOther: true,
      beneficiarySharePercent: true,
      controlTypeCode: true,
      controlTypeName: true,
      hasDiscrepancyNotice: true,
    }),
  ),
  hidden: z.number(),
  hasMissingDataNotice: z.boolean(),
});
export type RegisterBeneficialOwnership = z.infer<typeof registerBeneficialOwnershipSchema>;

export const relatedPersonsFromRegisterSchema = z.object({
  shareholders: z.array(registerHoldingSchema),
  relatedPersons: z.array(z.discriminatedUnion('type', [registerRelatedPrivatePersonSchema, registerRelatedLegalEntitySchema])),
  /** Absent when the register does not know the company. */
  beneficialOwnership: registerBeneficialOwnershipSchema.optional(),
});
export type RelatedPersonsFromRegister = z.infer<typeof relatedPersonsFromRegisterSchema>;
export type RegisterRelatedPerson = RelatedPersonsFromRegister['relatedPersons'][number];
