import { z } from 'zod';
import { isValidEmail } from '../validation/email.js';
import { isValidIban } from '../validation/iban.js';
import { MAX_SERVICE_FEE_CENTS } from './service-fee.js';

/**
 * What the bank's own systems record about a submitted application (docs/requirements.md section 1: account managers
 * act offline, with their own tools). Each decision is kept in the application's record, sent to the bank's systems
 * as an event and shown to the applicant on the status page; those that need the applicant are also mailed.
 */
export const DECISION_TYPES = [
  'FEE_INVOICED',
  'FEE_PAID',
  'IDENTIFICATION_BOOKED',
  'IDENTIFIED',
  'BOARD_SIGNATURE_REQUESTED',
  'BOARD_SIGNATURE_RECEIVED',
  'SIGNERS_NAMED',
  'MORE_INFORMATION_NEEDED',
  'APPROVED',
  'DECLINED',
] as const;
export type DecisionType = (typeof DECISION_TYPES)[number];

/** The steps a bank may ask the applicant to fill again; the overview brings the signing with it. */
export const REOPENABLE_STEPS = ['AccountOpeningReason', 'CompanyData', 'Incomes', 'RelatedPersons', 'ApplicationOverview'] as const;
export type ReopenableStep = (typeof REOPENABLE_STEPS)[number];

/** The decisions after which nothing more is decided: the application's final answer. */
export const FINAL_DECISIONS: readonly DecisionType[] = ['APPROVED', 'DECLINED'];

/** The decisions the applicant must act on or hear about at once: each is also mailed in the contact language. */
export const MAILED_DECISIONS: readonly DecisionType[] = [
  'FEE_INVOICED',
  'IDENTIFICATION_BOOKED',
  'BOARD_SIGNATURE_REQUESTED',
  'SIGNERS_NAMED',
  'MORE_INFORMATION_NEEDED',
  'APPROVED',
  'DECLINED',
];

/**
 * What a manager writes for the applicant: one to 2,000 characters of docs/requirements.md section 5's rich text
 * (links and bold), kept as written and shown only through the rich-text sanitiser (rich-text.ts); its line breaks
 * are kept.
 */
const managerText = () => z.string().trim().min(1).max(2000);

export const decisionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('FEE_INVOICED'),
    /**
     * The service fee in euro cents; the payment reference is the application's own, and the account to pay to is the
     * one the product is configured with (SERVICE_FEE_IBAN), never one a request names. Once per application.
     */
    amountCents: z.number().int().min(1).max(MAX_SERVICE_FEE_CENTS),
    dueDate: z.iso.date(),
  }),
  z.object({ type: z.literal('FEE_PAID') }),
  z.object({
    type: z.literal('IDENTIFICATION_BOOKED'),
    /** A bank office of the reference data (GET /onboarding/reference/bank-offices). */
    officeId: z.string().min(1).max(64),
    /** When the applicant is expected, with its offset: shown in Estonian time. */
    at: z.iso.datetime({ offset: true }),
  }),
  z.object({ type: z.literal('IDENTIFIED') }),
  z.object({
    type: z.literal('BOARD_SIGNATURE_REQUESTED'),
    /** Who the signing link went to: the applicant sees the names and addresses. */
    recipients: z
      .array(z.object({ name: z.string().trim().min(1).max(200), email: z.string().max(254).refine(isValidEmail, 'not an e-mail address') }))
      .min(1)
      .max(20),
  }),
  z.object({ type: z.literal('BOARD_SIGNATURE_RECEIVED') }),
  z.object({
    type: z.literal('SIGNERS_NAMED'),
    /**
     * Where the register's rule is not one the product reads (decision 41): the board members who must sign beside
     * the applicant, each by the personal code the register gives them. The product then collects exactly these
     * signatures, by invitation, and submits the application again with the last of them.
     */
    signers: z
      .array(z.object({ personalId: z.string().trim().min(1).max(20), personalIdCountryCode: z.string().trim().length(2) }))
      .min(1)
      .max(20),
  }),
  z.object({
    type: z.literal('MORE_INFORMATION_NEEDED'),
    /** Exactly the steps that open again; the others stay as signed. */
    steps: z
      .array(z.enum(REOPENABLE_STEPS))
      .min(1)
      .refine((steps) => new Set(steps).size === steps.length, 'a step is named twice'),
    /** What is missing, in the applicant's language, as the manager writes it. */
    message: managerText(),
  }),
  z.object({
    type: z.literal('APPROVED'),
    /** The new account's IBAN. */
    accountNumber: z.string().refine(isValidIban, 'not a valid IBAN'),
  }),
  z.object({ type: z.literal('DECLINED') }),
]);
export type Decision = z.infer<typeof decisionSchema>;

/** What the bank posts: the decision and the application version it was made on (a stale one answers 409). */
export const recordDecisionRequestSchema = z.object({
  applicationVersion: z.number().int().min(1).max(2_147_483_647),
  decision: decisionSchema,
});
export type RecordDecisionRequest = z.infer<typeof recordDecisionRequestSchema>;

/** The overview, with the signing after it, is part of every round the bank reopens. */
const ALWAYS_REOPENED: readonly string[] = ['AdditionalData', 'ApplicationOverview'];

/**
 * Whether a step may be filled in: any step, unless the bank reopened only some (then those and the overview); the
 * others stay as signed. The API refuses to save them, and the screens neither offer them nor call them unstarted.
 */
export const isStepReopened = (reopenedSteps: readonly string[] | null | undefined, step: string): boolean =>
  !reopenedSteps || reopenedSteps.includes(step) || ALWAYS_REOPENED.includes(step);

/** Statuses of a submitted application's final answer. */
export const DECIDED_STATUSES = ['APPROVED', 'DECLINED'] as const;

/**
 * Where a decision may be recorded: one rule for the API and its tests. `reopenedSteps` is set while the applicant
 * fills in what a MORE_INFORMATION_NEEDED asked for (the application is IN_PROGRESS again until it is signed anew).
 * `serviceFeeInvoice` is the invoice of the account opening fee once one was issued, at submission or by an earlier
 * FEE_INVOICED: a fee is invoiced once, so a second FEE_INVOICED (a bank system sending it again under a new
 * Idempotency-Key, or not knowing the submission invoiced it) would have the applicant pay twice, and is refused.
 */
export function decisionRefusal(
  application: { status: string; reopenedSteps: readonly string[] | null; serviceFeeInvoice: object | null },
  decision: Pick<Decision, 'type'>,
): 'APPLICATION_DECIDED' | 'APPLICATION_NOT_SUBMITTED' | 'FEE_ALREADY_INVOICED' | null {
  if ((DECIDED_STATUSES as readonly string[]).includes(application.status)) return 'APPLICATION_DECIDED';
  if (decision.type === 'FEE_INVOICED' && application.serviceFeeInvoice !== null) return 'FEE_ALREADY_INVOICED';
  if (application.status === 'SUBMITTED') return null;
  // Reopened for more information, or waiting for the signers the bank named: the bank may still give up on it,
  // nothing else until it is signed again.
  if (application.status === 'IN_PROGRESS' && application.reopenedSteps && decision.type === 'DECLINED') return null;
  if (application.status === 'AWAITING_SIGNATURES' && decision.type === 'DECLINED') return null;
  return 'APPLICATION_NOT_SUBMITTED';
}

/** The statuses an application has once a decision is recorded on it. */
export type StatusAfterDecision = 'SUBMITTED' | 'IN_PROGRESS' | 'AWAITING_SIGNATURES' | 'APPROVED' | 'DECLINED';

/**
 * The application's status after a decision that decisionRefusal let through: the final ones give their answer, a
 * request for more information puts it back in the applicant's hands until it is signed again, and the rest record
 * a step of the bank's own work on a submitted application, which stays submitted; naming the signers makes it wait
 * for their signatures.
 */
export function statusAfterDecision(decision: Pick<Decision, 'type'>): StatusAfterDecision {
  if (decision.type === 'APPROVED' || decision.type === 'DECLINED') return decision.type;
  if (decision.type === 'MORE_INFORMATION_NEEDED') return 'IN_PROGRESS';
  // The signers the bank named sign before the application is the bank's again.
  if (decision.type === 'SIGNERS_NAMED') return 'AWAITING_SIGNATURES';
  return 'SUBMITTED';
}

/** What recording a decision answers: the application as the decision left it. */
export const recordedDecisionSchema = z.object({
  processId: z.string(),
  applicationNumber: z.number().int(),
  status: z.enum(['SUBMITTED', 'IN_PROGRESS', 'AWAITING_SIGNATURES', 'APPROVED', 'DECLINED']),
  /** The application's version after the decision: the next decision is made on it. */
  version: z.number().int(),
  decision: decisionSchema,
  recordedAt: z.string(),
  /** For MORE_INFORMATION_NEEDED: the steps open again; null otherwise. */
  reopenedSteps: z.array(z.enum(REOPENABLE_STEPS)).nullable(),
});
export type RecordedDecision = z.infer<typeof recordedDecisionSchema>;
