import {
  isMinorOn,
  REGISTRY_CODELESS_APPLICATION_INTERVAL_DAYS,
  STEP_ORDER,
  stepIndex,
  type BlockingOutcome,
  type CompanyStatus,
  type FollowUp,
  type OverviewNotices,
  type PersonOutcome,
  type SigningSummary,
  type Step,
  type VerifiableFact,
} from '@onboarding/domain';
import type { ApplicationRow } from '../rows.js';

/**
 * The rules by which the server decides the step and the outcome of an application (docs/requirements.md section 4), as pure
 * functions. The transitions (transitions.ts) apply them, the write path (write-path.ts) persists what they decide,
 * and the routes and the screens only follow it.
 */

/**
 * The step after a saved one; saving an earlier step again never moves the application back. While the bank has
 * reopened some steps (MORE_INFORMATION_NEEDED), the next is the next of those, and after the last the overview:
 * the new contract is signed from there.
 */
export function nextStep(current: Step, saved: Step, reopenedSteps: readonly string[] | null = null): Step {
  if (reopenedSteps) {
    const ahead = STEP_ORDER.flat().find((step) => stepIndex(step) > stepIndex(saved) && (step === 'ApplicationOverview' || reopenedSteps.includes(step)));
    const next = ahead ?? 'ApplicationOverview';
    return stepIndex(next) > stepIndex(current) ? next : current;
  }
  const savedIndex = stepIndex(saved);
  const currentIndex = stepIndex(current);
  const next = STEP_ORDER[savedIndex + 1]?.[0];
  if (!next || next === 'ApplicationSubmitted') return current === 'AdditionalData' ? 'ApplicationOverview' : current;
  return stepIndex(next) > currentIndex ? next : current;
}

/** Whether a step may be saved: the domain's rule, which the screens follow too. */
export { isStepReopened } from '@onboarding/domain';

/** The step a reopening starts at: the earliest of those the bank named, in step order. */
export const firstReopenedStep = (steps: readonly string[]): Step => STEP_ORDER.flat().find((step) => steps.includes(step)) ?? 'ApplicationOverview';

/** A step can be saved once the application has reached it. */
export const isStepReached = (current: Step, step: Step): boolean => stepIndex(step) >= 0 && stepIndex(step) <= stepIndex(current);

export type RepresentativeFacts = {
  personalId: string;
  personalIdCountryCode: string;
  /** From the business register's person data; undefined when the register does not know the person. */
  hasValidIdentityDocument: boolean | undefined;
};

/** Outcomes that depend on the person alone: they block every company. */
export function representativeOutcome(person: RepresentativeFacts, today: Date): PersonOutcome | undefined {
  if (isMinorOn(person, today)) return 'MINOR';
  if (person.hasValidIdentityDocument === false) return 'DOCUMENT_INVALID';
  return undefined;
}

export type CompanyFacts = {
  /** Whether the register lists the person among those who may represent the company. */
  isRepresentedByPerson: boolean;
  status: CompanyStatus;
};

export type ExistingApplication = { processId: string; status: string; isOwn: boolean };

/** Submitted, and submitted with the bank's final answer since. */
const SUBMITTED_STATUSES: readonly string[] = ['SUBMITTED', 'APPROVED', 'DECLINED'];
/**
 * Not submitted yet: being filled, or signed by the applicant and waiting for the board's signatures (decision 39),
 * which the applicant continues on its status page and nobody else may start anew.
 */
const OPEN_STATUSES: readonly string[] = ['IN_PROGRESS', 'AWAITING_SIGNATURES'];

/**
 * The company's open applications, as companyDecision weighs them. A submission that contradicted the register is
 * flagged for a manager and is not the company's submitted application until one confirms it, so a false declaration
 * cannot lock the real board out.
 */
export function existingApplications<Row extends Pick<ApplicationRow, 'processId' | 'status' | 'submittedDiscrepancies'>>(
  rows: readonly Row[],
  isOwn: (row: Row) => boolean,
): ExistingApplication[] {
  return (
    rows
      .filter((row) => OPEN_STATUSES.includes(row.status) || (SUBMITTED_STATUSES.includes(row.status) && row.submittedDiscrepancies === null))
      // A decided application stops a new one as a submitted one does: the bank has given its answer on the company.
      .map((row) => ({ processId: row.processId, status: SUBMITTED_STATUSES.includes(row.status) ? 'SUBMITTED' : 'IN_PROGRESS', isOwn: isOwn(row) }))
  );
}

export type CompanyDecision = { kind: 'OUTCOME'; outcome: BlockingOutcome; processId?: string } | { kind: 'RESUME'; processId: string } | { kind: 'CREATE' };

/** What choosing a company from the register leads to. */
export function companyDecision(company: CompanyFacts, applications: readonly ExistingApplication[]): CompanyDecision {
  if (company.status !== 'ACTIVE') return { kind: 'OUTCOME', outcome: 'CANNOT_OPEN' };
  // Without representation rights in the register, rights must be shown in person.
  if (!company.isRepresentedByPerson) return { kind: 'OUTCOME', outcome: 'MUST_VISIT_BRANCH' };
  const submitted = applications.find((application) => application.status === 'SUBMITTED');
  // One's own submitted application is named, so its signed contract stays within reach; another's is not.
  if (submitted) return { kind: 'OUTCOME', outcome: 'ALREADY_SUBMITTED', ...(submitted.isOwn ? { processId: submitted.processId } : {}) };
  const inProgress = applications.find((application) => application.status === 'IN_PROGRESS');
  if (inProgress && !inProgress.isOwn) return { kind: 'OUTCOME', outcome: 'STARTED_WITH_OTHER_REPRESENTATIVE' };
  if (inProgress) return { kind: 'RESUME', processId: inProgress.processId };
  return { kind: 'CREATE' };
}

/** docs/requirements.md section 5: one application without a registry code per 30 days; a repeat leads to the pending one. */
export const registryCodelessWindowStart = (now: Date): Date => new Date(now.getTime() - REGISTRY_CODELESS_APPLICATION_INTERVAL_DAYS * 24 * 60 * 60 * 1000);

export type FollowUpFacts = {
  notices: OverviewNotices;
  representationBasis: string | undefined;
  isListedCompany: boolean;
  /** The representative chose to sign the contract in the office too. */
  isSignedInOffice: boolean;
  /** The declaration contradicts the register somewhere. */
  hasDiscrepancies: boolean;
  /** Facts the register would decide that only the applicant declared (a company the register does not know). */
  unverifiedFacts: readonly VerifiableFact[];
  /** Who signs with the applicant, where the register states the company's representation (docs/register-facts.md section 5). */
  signing?: Pick<SigningSummary, 'requirement' | 'isCheckedByBank'> | undefined;
  /** The board members the rule needs signed the contract too (decision 39): no signature is left to collect by link. */
  hasBoardSignatures?: boolean;
};

/**
 * What the bank does after submission (docs/requirements.md section 4), in order of
 * precedence: a wish to sign in the office means identifying there; a listed
 * company goes to a manager (its owners are public, so one abroad is no reason
 * to call the representative in); owners abroad mean identifying in the chosen
 * office; a specific field of activity goes to a manager; a representative who is not on the board needs the board's
 * electronic signature by an e-mailed link, and so does one the register says may not sign alone, unless the board
 * members the rule needs signed the contract in the product too (decision 39); representation
 * under special conditions the register states goes to a manager; everyone else pays the service
 * fee on the e-mailed invoice and the account opens. The facts are the
 * verified ones (the register's where it has an answer). A declaration that
 * contradicts the register never opens an account unseen: the one case that
 * involves nobody of the bank or the board, the service fee, becomes a
 * manager's call; the others already put a person before the account. Facts
 * nobody but the applicant vouches for (who the company is, who may act for
 * it, who owns it) go to a manager before the board is asked by link or an
 * invoice is sent: the board and the owners are then only names typed in.
 */
export function followUpOf(facts: FollowUpFacts): FollowUp {
  if (facts.isSignedInOffice) return 'IDENTIFY_IN_OFFICE';
  if (facts.isListedCompany) return 'MANAGER_CONTACT';
  if (facts.notices.hasNonResidentOwner) return 'IDENTIFY_IN_OFFICE';
  if (facts.notices.hasSpecificFieldOfActivity) return 'MANAGER_CONTACT';
  if (facts.unverifiedFacts.length > 0) return 'MANAGER_CONTACT';
  if (!facts.hasBoardSignatures) {
    if (facts.representationBasis !== undefined && facts.representationBasis !== 'MANAGEMENT_BOARD_MEMBER') return 'SIGN_BY_LINK';
    if (facts.signing !== undefined && facts.signing.requirement !== 'ALONE') return 'SIGN_BY_LINK';
  }
  if (facts.signing?.isCheckedByBank === true) return 'MANAGER_CONTACT';
  if (facts.hasDiscrepancies) return 'MANAGER_CONTACT';
  return 'PAY_SERVICE_FEE';
}
