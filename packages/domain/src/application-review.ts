import { z } from 'zod';
import { DEFAULT_COUNTRY_CODE, SPECIFIC_ACTIVITY_CODE_PREFIXES } from './constants.js';
import { applicationFactsSchema, discrepancySchema, type ApplicationFacts, type Discrepancy } from './facts.js';
import type { RegisterCompanyDetails, RegisterShareholder } from './schemas/register.js';
import { STEP_SCHEMAS } from './schemas/application.js';
import { createRelatedPersonsSchema, type RelatedPersonsContext } from './schemas/related-persons-step.js';
import { signingSummarySchema, type SigningSummary } from './schemas/representation.js';
import { APPLICATION_SCREENS } from './steps.js';
import { parseWithIssues, type FieldIssue } from './validation/zod-issues.js';

/**
 * Whether the whole application may go to signing
 * (docs/requirements.md section 4: the steps in order, then signing). The
 * server answers it from what is stored; the overview screen shows the answer
 * and links each incomplete step.
 */

/** The steps an application must have saved, in order; the overview is stored under either of its two steps. */
export const REVIEWED_STEPS = ['AccountOpeningReason', 'CompanyData', 'Incomes', 'RelatedPersons', 'ApplicationOverview'] as const;
export type ReviewedStep = (typeof REVIEWED_STEPS)[number];

export const isSpecificFieldOfActivity = (code: string | undefined): boolean =>
  code !== undefined && SPECIFIC_ACTIVITY_CODE_PREFIXES.some((prefix) => code.startsWith(prefix));

type Holding = { personId?: unknown };
type PersonLike = {
  id?: unknown;
  type?: unknown;
  roles?: unknown;
  residency?: unknown;
  registryCountryCode?: unknown;
  isBeneficialOwner?: unknown;
  shareholders?: unknown;
};

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * Notices of docs/requirements.md section 3 "Overview", from the stored steps (a draft or half-filled step counts as it
 * stands).
 */
export type OverviewNotices = { hasNonResidentOwner: boolean; hasSpecificFieldOfActivity: boolean };

export function overviewNotices(steps: Readonly<Record<string, unknown>>): OverviewNotices {
  const companyData = asRecord(steps.CompanyData);
  const relatedPersons = asRecord(steps.RelatedPersons);
  const persons = asArray(relatedPersons.relatedPersons) as PersonLike[];
  const holdings = [...asArray(relatedPersons.shareholders), ...persons.flatMap((person) => asArray(person.shareholders))] as Holding[];
  const ownerIds = new Set(holdings.map((holding) => holding.personId));
  const isOwner = (person: PersonLike) =>
    ownerIds.has(person.id) ||
    asArray(person.roles).includes('SHAREHOLDER') ||
    asArray(person.roles).includes('BENEFICIARY') ||
    person.isBeneficialOwner === true;
  // A company registered abroad is as much a non-resident owner as a person living abroad.
  const isNonResident = (person: PersonLike) =>
    person.type === 'LEGAL_ENTITY'
      ? typeof person.registryCountryCode === 'string' && person.registryCountryCode !== DEFAULT_COUNTRY_CODE
      : person.residency === 'NON_RESIDENT';
  const activityCodes = [companyData.mainFieldOfActivityCode, ...asArray(companyData.additionalFieldOfActivityCodes)];
  return {
    hasNonResidentOwner: persons.some((person) => isOwner(person) && isNonResident(person)),
    hasSpecificFieldOfActivity: activityCodes.some((code) => typeof code === 'string' && isSpecificFieldOfActivity(code)),
  };
}

/**
 * The notices the bank acts on: the declaration's, and the register's where it
 * has an answer, so leaving a foreign owner or a specific field of activity
 * out of the form changes nothing.
 */
export function verifiedNotices(steps: Readonly<Record<string, unknown>>, register: RegisterCompanyDetails | undefined): OverviewNotices {
  const declared = overviewNotices(steps);
  if (!register) return declared;
  const isForeign = (holder: RegisterShareholder): boolean =>
    holder.type === 'PRIVATE_PERSON'
      ? holder.residency === 'NON_RESIDENT'
      : holder.registryCountryCode !== DEFAULT_COUNTRY_CODE || holder.shareholders.some(isForeign);
  return {
    hasNonResidentOwner:
      declared.hasNonResidentOwner || register.shareholders.some(isForeign) || register.beneficialOwners.some((owner) => owner.residency === 'NON_RESIDENT'),
    hasSpecificFieldOfActivity: declared.hasSpecificFieldOfActivity || isSpecificFieldOfActivity(register.mainFieldOfActivityCode),
  };
}

export type StepReview = { step: ReviewedStep; screen: (typeof APPLICATION_SCREENS)[number]; isComplete: boolean; issues: FieldIssue[] };
export type ApplicationReview = {
  isComplete: boolean;
  steps: StepReview[];
  notices: OverviewNotices;
  facts?: ApplicationFacts;
  discrepancies?: Discrepancy[];
  signing?: SigningSummary;
};

/**
 * The related persons rules need the company and the signed-in representative. The company is the
 * application's, never the step's; whether it is listed is the register's answer where it has one.
 */
export function relatedPersonsContextOf(
  steps: Readonly<Record<string, unknown>>,
  company: { registryCode: string | null; registryCountryCode: string; isListedCompany?: boolean | null },
  representative: { personalId: string; personalIdCountryCode: string },
): RelatedPersonsContext {
  const companyData = asRecord(steps.CompanyData);
  return {
    company: {
      registryCode: company.registryCode ?? undefined,
      registryCountryCode: company.registryCountryCode,
      isListedCompany: typeof company.isListedCompany === 'boolean' ? company.isListedCompany : companyData.isListedCompany === true,
    },
    representative,
  };
}

/** Each step's stored data checked again with its schema, the related persons in the context of the whole application. */
export function reviewApplication(steps: Readonly<Record<string, unknown>>, context: RelatedPersonsContext): ApplicationReview {
  const reviews = REVIEWED_STEPS.map((step, index): StepReview => {
    const data = step === 'ApplicationOverview' ? (steps.ApplicationOverview ?? steps.AdditionalData) : steps[step];
    // The five steps fill the five application screens, in the same order.
    const screen = APPLICATION_SCREENS[index] ?? APPLICATION_SCREENS[0];
    if (data === undefined) return { step, screen, isComplete: false, issues: [{ path: '', code: 'required', params: {} }] };
    const schema = step === 'RelatedPersons' ? createRelatedPersonsSchema(context) : STEP_SCHEMAS[step];
    const parsed = parseWithIssues(schema, data);
    return { step, screen, isComplete: parsed.success, issues: parsed.success ? [] : parsed.issues };
  });
  return { isComplete: reviews.every((review) => review.isComplete), steps: reviews, notices: overviewNotices(steps) };
}

export const applicationReviewSchema = z.object({
  isComplete: z.boolean(),
  steps: z.array(
    z.object({
      step: z.enum(REVIEWED_STEPS),
      screen: z.enum(APPLICATION_SCREENS),
      isComplete: z.boolean(),
      issues: z.array(z.object({ path: z.string(), code: z.string(), params: z.record(z.string(), z.unknown()) })),
    }),
  ),
  notices: z.object({ hasNonResidentOwner: z.boolean(), hasSpecificFieldOfActivity: z.boolean() }),
  /** Every fact the bank acts on with its source; the server adds them. */
  facts: applicationFactsSchema.optional(),
  /** Where the declaration contradicts the register: shown to the applicant before signing. */
  discrepancies: z.array(discrepancySchema).optional(),
  /** Who signs with the applicant, where the register states the company's representation; the server adds it. */
  signing: signingSummarySchema.optional(),
});
