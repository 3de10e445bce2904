import { z } from 'zod';
import { DEFAULT_COUNTRY_CODE, LOCALES, TEXT_MAX_LENGTH } from '../constants.js';
import { BLOCKING_OUTCOMES, PERSON_OUTCOMES } from '../application-states.js';
import { STEPS } from '../steps.js';
import { REOPENABLE_STEPS } from './decisions.js';
import { validationErrorMap as error } from '../validation/zod-issues.js';
import { checkRegistryCode, REPRESENTATION_BASES } from './company-data.js';
import { validateExactLength, validateOnlyNumbers } from '../validation/length.js';
import { countryCode, email, object, oneOf, optionalText, phone, requiredText, ticked } from './fields.js';
import { serviceFeeInvoiceSchema } from './service-fee.js';

/**
 * The personal information screen (docs/requirements.md section 1): e-mail,
 * phone and the confirmation that the bank queries official databases about the
 * company, its representative, shareholders, supervisory board and beneficial
 * owners.
 */
export const personalInformationSchema = object({
  email: email(),
  phone: phone(),
  hasConsentedToRegistryQueries: ticked(),
  /** The language the bank writes to the representative in (save-and-continue e-mails). */
  language: oneOf(LOCALES),
});
export type PersonalInformation = z.infer<typeof personalInformationSchema>;

/** Digits in an e-mail confirmation code. */
export const EMAIL_CONFIRMATION_CODE_LENGTH = 6;

/** The code mailed to the representative's address, typed back to confirm it (personal information screen). */
export const emailConfirmationSchema = object({
  code: requiredText({ rules: [validateOnlyNumbers, (value) => validateExactLength(value, EMAIL_CONFIRMATION_CODE_LENGTH)] }),
});
export type EmailConfirmation = z.infer<typeof emailConfirmationSchema>;

/** Where the code went, and for how long it is good. */
export const emailConfirmationCodeSentSchema = z.object({ email: z.string(), validMinutes: z.number().int() });
export type EmailConfirmationCodeSent = z.infer<typeof emailConfirmationCodeSentSchema>;

/** The signed-in representative (the access token names them; the rest is stored with us). */
export const representativeSchema = z.object({
  personalId: z.string(),
  personalIdCountryCode: z.string(),
  givenName: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.enum(LOCALES).nullable(),
  hasConsentedToRegistryQueries: z.boolean(),
  /** When the person last gave that consent (ISO 8601), or null: a returning person sees it as given, with its date. */
  consentedAt: z.string().nullable(),
  /** Whether `email` is the address the person confirmed with a code sent to it: mail goes only to such an address. */
  isEmailConfirmed: z.boolean(),
  /**
   * What stops this person whatever the company (a minor, an identity document the population register holds
   * invalid), or null: the screens after sign-in show it instead of the forms.
   */
  personOutcome: z.enum(PERSON_OUTCOMES).nullable(),
});
export type Representative = z.infer<typeof representativeSchema>;

/**
 * How a company on the choose-company screen can be continued
 * (docs/requirements.md section 2): a new application, the pending one, the
 * existing account (log in to the bank), or an outcome that blocks it.
 */
export const COMPANY_ENTRIES = ['NEW', 'PENDING_APPLICATION', 'EXISTING_ACCOUNT', 'BLOCKED'] as const;
export type CompanyEntry = (typeof COMPANY_ENTRIES)[number];

/**
 * Where the person's own application for a company stands, as the company list says it (docs/requirements.md
 * section 4): being filled in, reopened by the bank's request for more information, signed and waiting for the board
 * members who sign too (decision 39), submitted, or the bank's final answer.
 */
export const COMPANY_APPLICATION_STATUSES = ['IN_PROGRESS', 'MORE_INFORMATION_NEEDED', 'AWAITING_SIGNATURES', 'SUBMITTED', 'APPROVED', 'DECLINED'] as const;
export type CompanyApplicationStatus = (typeof COMPANY_APPLICATION_STATUSES)[number];

/**
 * The list's status of an application: its own status, except that one the bank reopened for more information is
 * named so, though it is being filled in again; null for one the list does not show (superseded, cancelled, sent to
 * the bank's office).
 */
export function companyApplicationStatusOf(application: { status: string; reopenedSteps?: readonly string[] | null }): CompanyApplicationStatus | null {
  if (application.status === 'IN_PROGRESS' && application.reopenedSteps?.length) return 'MORE_INFORMATION_NEEDED';
  return (COMPANY_APPLICATION_STATUSES as readonly string[]).includes(application.status) ? (application.status as CompanyApplicationStatus) : null;
}

export const representativeCompanySchema = z.object({
  businessName: z.string(),
  registryCode: z.string(),
  registryCountryCode: z.string(),
  entry: z.enum(COMPANY_ENTRIES),
  /**
   * The person's own application for the company: the one to continue for PENDING_APPLICATION; for BLOCKED
   * ALREADY_SUBMITTED and EXISTING_ACCOUNT, the submitted one, whose status page the list links to. Another
   * representative's application is never named.
   */
  processId: z.string().optional(),
  /** Where the application `processId` names stands now, with the bank's latest decision in it. */
  applicationStatus: z.enum(COMPANY_APPLICATION_STATUSES).optional(),
  /** For MORE_INFORMATION_NEEDED: the steps the bank asked to fill in again, in step order. */
  reopenedSteps: z.array(z.enum(REOPENABLE_STEPS)).optional(),
  /** For a submitted application: whether it has a signed contract to download. */
  hasSignedContract: z.boolean().optional(),
  /** Why the company cannot be chosen, for BLOCKED. */
  outcome: z.enum(BLOCKING_OUTCOMES).optional(),
});
export type RepresentativeCompany = z.infer<typeof representativeCompanySchema>;

export const representativeCompaniesSchema = z.object({
  companies: z.array(representativeCompanySchema),
  /** An application without a registry code started within the last 30 days (docs/requirements.md section 5). */
  pendingManualApplication: z.object({ processId: z.string(), businessName: z.string() }).nullable(),
});
export type RepresentativeCompanies = z.infer<typeof representativeCompaniesSchema>;

/** The manual company form of the choose-company screen: registry code optional, country EE by default. */
export const manualCompanySchema = object({
  businessName: requiredText({ max: TEXT_MAX_LENGTH.businessName }),
  registryCode: optionalText(),
  registryCountryCode: countryCode().default(DEFAULT_COUNTRY_CODE),
}).superRefine((value, ctx) => checkRegistryCode(value.registryCode, value.registryCountryCode, ctx, ['registryCode']));
export type ManualCompany = z.infer<typeof manualCompanySchema>;

/** Create or resume an application for a company from the register, or one entered by hand. */
export const createApplicationRequestSchema = z.discriminatedUnion(
  'source',
  [
    object({ source: z.literal('REGISTER', { error }), registryCode: requiredText(), registryCountryCode: countryCode() }),
    object({ source: z.literal('MANUAL', { error }), company: manualCompanySchema }),
  ],
  { error },
);
export type CreateApplicationRequest = z.infer<typeof createApplicationRequestSchema>;

/**
 * What the bank does after submission (docs/requirements.md section 4), chosen
 * by the server per case and e-mailed in the contact language: a manager
 * contacts the customer, the customer pays the service fee on an e-mailed
 * invoice, identifies in an office, or signs electronically by an e-mailed
 * link.
 */
export const FOLLOW_UPS = ['MANAGER_CONTACT', 'PAY_SERVICE_FEE', 'IDENTIFY_IN_OFFICE', 'SIGN_BY_LINK'] as const;
export type FollowUp = (typeof FOLLOW_UPS)[number];

/**
 * Where an application stands: APPROVED and DECLINED are the bank's final answer on a submitted one; AWAITING_SIGNATURES
 * is signed by the applicant and waits for the board members who must sign with them (decision 39).
 */
export const APPLICATION_STATUSES = [
  'IN_PROGRESS',
  'AWAITING_SIGNATURES',
  'SUBMITTED',
  'VISIT_BANK',
  'SUPERSEDED',
  'CANCELLED',
  'APPROVED',
  'DECLINED',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** An application as the representative sees it: the server-given step decides the screen. */
export const applicationViewSchema = z.object({
  processId: z.string(),
  /** The application's number for people (the success page, the mails, the service fee's payment reference). */
  applicationNumber: z.number().int(),
  version: z.number().int(),
  currentStep: z.enum(STEPS),
  status: z.enum(APPLICATION_STATUSES),
  /**
   * The company, fixed when the application was created: from the register, or typed once for a company it does not
   * know. `isListedCompany` is the register's answer (null when it has none), and so is `representationBasis`: the
   * representative's right to represent the company, as board member or procura holder (null when it names none).
   */
  company: z.object({
    businessName: z.string(),
    registryCode: z.string().nullable(),
    registryCountryCode: z.string(),
    legalForm: z.string().nullable().optional(),
    isListedCompany: z.boolean().nullable().optional(),
    representationBasis: z.enum(REPRESENTATION_BASES).nullable().optional(),
  }),
  /** Saved data of each completed step, by step. */
  steps: z.record(z.string(), z.unknown()),
  /** Autosaved, not yet validated input of each step, by step. */
  drafts: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
  /** Once submitted: what happens next. */
  followUp: z.enum(FOLLOW_UPS).nullable().optional(),
  submittedAt: z.string().nullable().optional(),
  /**
   * While the bank's MORE_INFORMATION_NEEDED is being answered: the steps it named, the only ones that may be saved
   * (the overview, and signing after it, always follow). Null otherwise.
   */
  reopenedSteps: z.array(z.string()).nullable().optional(),
  /** The service fee's invoice once issued (at submission, or by the bank): what to pay, by when, to whom. Null until then. */
  serviceFeeInvoice: serviceFeeInvoiceSchema.nullable().optional(),
});
export type ApplicationView = z.infer<typeof applicationViewSchema>;

/** Creating an application either gives one, or an outcome that blocks it (docs/requirements.md section 4). */
export const createApplicationResponseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('APPLICATION'), application: applicationViewSchema }),
  z.object({ kind: z.literal('OUTCOME'), outcome: z.enum(BLOCKING_OUTCOMES), processId: z.string().optional() }),
]);
export type CreateApplicationResponse = z.infer<typeof createApplicationResponseSchema>;

/** An application version: a positive integer the database column can hold. */
const version = () => z.number({ error }).int({ error }).min(1, { error }).max(2_147_483_647, { error });

/** A write carries the version it was based on; a stale one answers 409 STALE_VERSION. */
export const saveStepRequestSchema = z.object({ version: version(), data: z.unknown() });
export type SaveStepRequest = z.infer<typeof saveStepRequestSchema>;

export const saveDraftResponseSchema = z.object({ version: z.number().int(), updatedAt: z.string() });

export const saveAndContinueLaterRequestSchema = z.object({ version: version() });
/** Where the link went: the representative's e-mail address, so the screen can name it. */
export const saveAndContinueLaterResponseSchema = z.object({ email: z.string() });

/** One operation of an RFC 6902 JSON Patch. */
const jsonPatchOperationSchema = z.object({
  op: z.enum(['add', 'remove', 'replace', 'move', 'copy', 'test']),
  path: z.string(),
  from: z.string().optional(),
  value: z.unknown().optional(),
});

/**
 * An application's append-only record: each event with its author (a personal
 * code from the access token, or `register` / `system` / `bank:<client>`), time,
 * source and, for a saved step, the JSON Patch (RFC 6902) of the step data it
 * made. The representative's download names every bank client `bank` and keeps
 * only the payload fields meant for them; the bank's systems read it whole.
 */
export const applicationHistorySchema = z.object({
  processId: z.string(),
  company: z.object({ businessName: z.string(), registryCode: z.string().nullable(), registryCountryCode: z.string() }),
  events: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      at: z.string(),
      actor: z.string(),
      applicationVersion: z.number().int(),
      source: z.enum(['REGISTER', 'EID', 'APPLICANT', 'BANK']),
      patch: z.array(jsonPatchOperationSchema).optional(),
      payload: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type ApplicationHistory = z.infer<typeof applicationHistorySchema>;
