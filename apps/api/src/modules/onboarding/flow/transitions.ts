import { createPatch } from 'rfc6902';
import {
  REOPENABLE_STEPS,
  statusAfterDecision,
  stepIndex,
  type ApplicationFacts,
  type ApplicationOverview,
  type Decision,
  type Discrepancy,
  type Locale,
  type OverviewNotices,
  type RegisterChange,
  type ReopenableStep,
  type SigningSummary,
  type Step,
  type VerifiableFact,
} from '@onboarding/domain';
import type { ApplicationSubmittedEventInput } from '../../events/index.js';
import type {
  ApplicationSubmittedMail,
  CoSigningInvitationMail,
  DecisionRecordedMail,
  SaveAndContinueLaterMail,
  ServiceFeeInvoiceMail,
} from '../../mail/index.js';
import type { ServiceFeeTerms } from '../../../config.js';
import type { StoredServiceFeeInvoice } from '../../../db/schema.js';
import { BANK_OFFICES } from '../../reference/index.js';
import { companySourceOf } from '../mail-recipient.js';
import { invoiceOnTerms, serviceFeeInvoiceOf } from '../service-fee-invoice.js';
import type { ApplicationRow, NewApplication, PersonKey } from '../rows.js';
import { firstReopenedStep, followUpOf, nextStep } from './application-flow.js';

/**
 * Every transition of an application, as pure functions: what it changes, the event its history records, and the
 * rows it adds to the outboxes. Nothing here writes; the write path (write-path.ts) persists a transition whole, and
 * is the only code that writes an application's status or step.
 */

/** Who an event's change came from (the history's `source`): the applicant's typing, the register, the eID, or the bank's systems. */
export type ChangeSource = 'APPLICANT' | 'REGISTER' | 'EID' | 'BANK';

/** The columns a transition may change on an existing application. */
export type ApplicationChange = Partial<
  Pick<
    ApplicationRow,
    | 'stepData'
    | 'drafts'
    | 'currentStep'
    | 'status'
    | 'submittedAt'
    | 'followUp'
    | 'companyName'
    | 'registerFacts'
    | 'registerQueriedAt'
    | 'submittedDiscrepancies'
    | 'reopenedSteps'
    | 'namedSigners'
    | 'serviceFeeInvoice'
  >
>;

/** The event a transition records in the application's history. */
export type ApplicationEvent = { type: string; actor: string; payload?: Record<string, unknown> };

/**
 * A row a transition adds to an outbox in its own transaction, so it leaves exactly when the transition commits: a
 * mail to the applicant, or an event to the bank's systems (whose application version the write path fills in).
 */
export type OutboxRow =
  | { outbox: 'MAIL'; template: 'APPLICATION_SUBMITTED'; mail: ApplicationSubmittedMail }
  | { outbox: 'MAIL'; template: 'SERVICE_FEE_INVOICE'; mail: ServiceFeeInvoiceMail }
  | { outbox: 'MAIL'; template: 'DECISION_RECORDED'; mail: DecisionRecordedMail }
  | { outbox: 'MAIL'; template: 'SAVE_AND_CONTINUE_LATER'; mail: SaveAndContinueLaterMail }
  | { outbox: 'MAIL'; template: 'CO_SIGNING_INVITATION' | 'DETAILS_REQUEST'; mail: CoSigningInvitationMail }
  | { outbox: 'EVENTS'; type: 'APPLICATION_SUBMITTED'; event: Omit<ApplicationSubmittedEventInput, 'version'> };

/** A new application; an application for a company from the register supersedes the person's typed-in one for it. */
export type Created = {
  kind: 'CREATED';
  values: NewApplication;
  actor: string;
  supersedes?: { person: PersonKey; registryCountryCode: string; registryCode: string };
};

/** A change under the version the application had when read: it takes the next version, or is not written at all. */
export type Changed = { kind: 'CHANGED'; from: ApplicationRow; change: ApplicationChange; event: ApplicationEvent; outbox: OutboxRow[] };

/**
 * An event about the application as it is: its version stays, so a contract drawn up from it still holds. A register
 * reading that found nothing new keeps its time (and the card) with it.
 */
export type Noted = {
  kind: 'NOTED';
  from: ApplicationRow;
  reading?: Pick<ApplicationRow, 'registerFacts' | 'registerQueriedAt'>;
  event: ApplicationEvent;
  outbox: OutboxRow[];
};

export type Transition = Created | Changed | Noted;

/** Created: by the applicant choosing or typing a company, or by the demonstration data. */
export function applicationCreated(values: NewApplication, actor: string, supersedes?: Created['supersedes']): Created {
  return { kind: 'CREATED', values, actor, ...(supersedes ? { supersedes } : {}) };
}

/** The company as fixed at creation, and where it came from: the created event's payload, from the row as inserted. */
export const createdEventPayload = (row: ApplicationRow): Record<string, unknown> => ({
  source: row.companySource === 'REGISTER' ? 'REGISTER' : 'APPLICANT',
  companySource: row.companySource,
  businessName: row.companyName,
  registryCode: row.companyRegistryCode,
  registryCountryCode: row.companyRegistryCountryCode,
  legalForm: row.companyLegalForm,
  registerQueriedAt: row.registerQueriedAt?.toISOString() ?? null,
});

/**
 * A step saved with valid data: its draft goes, and the application moves to the step the flow decides. The record
 * keeps what changed, as an RFC 6902 patch of the step data: the history can be replayed from it.
 */
export function stepSaved(application: ApplicationRow, step: Step, data: unknown, actor: string): Changed {
  const { [step]: _savedDraft, ...drafts } = application.drafts;
  const stepData = { ...application.stepData, [step]: data };
  const patch = createPatch(application.stepData, stepData);
  return {
    kind: 'CHANGED',
    from: application,
    change: { stepData, drafts, currentStep: nextStep(application.currentStep as Step, step, application.reopenedSteps) },
    event: { type: 'STEP_SAVED', actor, payload: { step, source: 'APPLICANT' satisfies ChangeSource, patch } },
    outbox: [],
  };
}

/** Autosave: the step's input as typed, neither validated nor advancing. */
export function draftSaved(application: ApplicationRow, step: Step, data: object, actor: string): Changed {
  return {
    kind: 'CHANGED',
    from: application,
    change: { drafts: { ...application.drafts, [step]: data } },
    event: { type: 'DRAFT_SAVED', actor, payload: { step } },
    outbox: [],
  };
}

/** The link back to the application, mailed; nothing in the application changes. */
export function continueLaterRequested(application: ApplicationRow, actor: string, mail: SaveAndContinueLaterMail): Noted {
  return {
    kind: 'NOTED',
    from: application,
    event: { type: 'SAVE_AND_CONTINUE_LATER', actor },
    outbox: [{ outbox: 'MAIL', template: 'SAVE_AND_CONTINUE_LATER', mail }],
  };
}

/** A register reading that found nothing new: only the time of the check (and the card, where it had none) moves. */
export function registerChecked(application: ApplicationRow, reading: Pick<ApplicationRow, 'registerFacts' | 'registerQueriedAt'>): Noted {
  return {
    kind: 'NOTED',
    from: application,
    reading,
    event: {
      type: 'REGISTER_CHECKED',
      actor: 'register',
      payload: { source: 'REGISTER' satisfies ChangeSource, queriedAt: reading.registerQueriedAt?.toISOString() ?? null },
    },
    outbox: [],
  };
}

/** The steps a register change reopens, in this order of precedence: the company's facts first, then its people. */
const STEP_OF_CHANGE_ORDER = ['CompanyData', 'RelatedPersons'] as const;

/**
 * The register now says something else: the new card is kept and the steps it touches reopen (the application goes
 * back to the first of them), so nothing is signed on facts the applicant has not seen.
 */
export function registerChanged(
  application: ApplicationRow,
  reading: Pick<ApplicationRow, 'registerFacts' | 'registerQueriedAt'>,
  changes: readonly RegisterChange[],
): Changed {
  const reopened = STEP_OF_CHANGE_ORDER.find((step) => changes.some((change) => change.step === step)) ?? 'CompanyData';
  const currentStep = stepIndex(reopened) < stepIndex(application.currentStep) ? reopened : application.currentStep;
  const businessName = (reading.registerFacts as { businessName?: string } | null)?.businessName;
  return {
    kind: 'CHANGED',
    from: application,
    change: {
      registerFacts: reading.registerFacts,
      registerQueriedAt: reading.registerQueriedAt,
      companyName: businessName ?? application.companyName,
      currentStep,
      // Reopened by the bank too: the register's step must be open to be saved again.
      ...(application.reopenedSteps && !application.reopenedSteps.includes(reopened) ? { reopenedSteps: [...application.reopenedSteps, reopened] } : {}),
    },
    event: { type: 'REGISTER_CHANGED', actor: 'register', payload: { source: 'REGISTER' satisfies ChangeSource, changes, reopenedStep: reopened } },
    outbox: [],
  };
}

/** What the bank decides on at submission: the verified facts, the notices they give, and the discrepancies. */
export type DecisionFacts = {
  facts: ApplicationFacts;
  discrepancies: Discrepancy[];
  unverifiedFacts: VerifiableFact[];
  notices: OverviewNotices;
  /** Who signs with the applicant, where the register states the company's representation. */
  signing?: SigningSummary | undefined;
};

/** One signature in the contract's container, as the record and the bank's systems name it. */
export type Signer = { name: string; personalId: string; personalIdCountryCode: string; signedAt: Date; signingSessionId: string; method: string };

const signerPayload = (signer: Signer) => ({ ...signer, signedAt: signer.signedAt.toISOString() });

/**
 * Signed by the applicant, whose signature alone does not bind the company (decision 39): the application waits for
 * the board members the register's rule needs. Nothing in it changes any more but through their signatures; the
 * version still moves, so a contract is never drawn up again from it.
 */
export function applicantSigned(application: ApplicationRow, signer: Signer, input: { actor: string; contractId: string; othersNeeded: number }): Changed {
  return {
    kind: 'CHANGED',
    from: application,
    // The status page is its screen, as for a submitted one.
    change: { status: 'AWAITING_SIGNATURES', currentStep: 'ApplicationSubmitted' },
    event: {
      type: 'APPLICANT_SIGNED',
      actor: input.actor,
      payload: { source: 'EID' satisfies ChangeSource, contractId: input.contractId, othersNeeded: input.othersNeeded, signer: signerPayload(signer) },
    },
    outbox: [],
  };
}

/** An invitation (to sign too, or to give one's own details) mailed (again) to whom the applicant chose; the record keeps to whom and where. */
export function invitationSent(
  application: ApplicationRow,
  actor: string,
  invitation: { invitationId: string; invitee: string; email: string; sendCount: number; purpose?: 'SIGN' | 'DETAILS' },
  mail: CoSigningInvitationMail,
): Noted {
  const { purpose = 'SIGN', ...sent } = invitation;
  return {
    kind: 'NOTED',
    from: application,
    event: { type: purpose === 'SIGN' ? 'INVITATION_SENT' : 'DETAILS_REQUESTED', actor, payload: { ...sent } },
    outbox: [{ outbox: 'MAIL', template: purpose === 'SIGN' ? 'CO_SIGNING_INVITATION' : 'DETAILS_REQUEST', mail }],
  };
}

/** An invitation ended without a signature: declined by the invited person (with their reason) or withdrawn by the applicant. */
export function invitationEnded(
  application: ApplicationRow,
  actor: string,
  invitation: { invitationId: string; invitee: string; status: 'DECLINED' | 'WITHDRAWN'; reason?: string | null },
): Noted {
  return { kind: 'NOTED', from: application, event: { type: `INVITATION_${invitation.status}`, actor, payload: { ...invitation } }, outbox: [] };
}

/**
 * An invited person gave their own details, signed in as themselves (decision 40): recorded with their eID as the
 * source and the fields where they differ from the applicant's declaration; the application's steps stay as signed.
 */
export function ownDetailsGiven(application: ApplicationRow, actor: string, given: { invitationId: string; differences: readonly string[] }): Noted {
  return {
    kind: 'NOTED',
    from: application,
    event: { type: 'OWN_DETAILS_GIVEN', actor, payload: { source: 'EID' satisfies ChangeSource, ...given, differences: [...given.differences] } },
    outbox: [],
  };
}

/**
 * A related person answered a request for their own details (decision 40): their words replace the declaration of
 * their own fields on the related persons step (and its draft), recorded with their eID as the source.
 */
export function detailsGiven(
  application: ApplicationRow,
  actor: string,
  given: { invitationId: string; personId: string; differences: readonly string[] },
  written: { stepData: Record<string, unknown>; drafts: Record<string, unknown> },
): Changed {
  return {
    kind: 'CHANGED',
    from: application,
    change: written,
    event: {
      type: 'OWN_DETAILS_GIVEN',
      actor,
      payload: {
        source: 'EID' satisfies ChangeSource,
        step: 'RelatedPersons',
        ...given,
        differences: [...given.differences],
        patch: createPatch(application.stepData, written.stepData),
      },
    },
    outbox: [],
  };
}

/** A board member signed too, and more signatures are still needed. */
export function coSigned(application: ApplicationRow, signer: Signer, invitationId: string): Noted {
  return {
    kind: 'NOTED',
    from: application,
    event: {
      type: 'CO_SIGNED',
      actor: `${signer.personalIdCountryCode}${signer.personalId}`,
      payload: { source: 'EID' satisfies ChangeSource, invitationId, signer: signerPayload(signer) },
    },
    outbox: [],
  };
}

export type SubmissionInput = {
  /** The signer (`EE38001085718`), as the history names actors. */
  actor: string;
  /** The signer's name as the eID gave it: the mails greet them by it. */
  representativeName: string;
  /** The signature that submits: its session, method and algorithm, and the contract it is over. */
  signature: { signingSessionId: string; method: string; contractId: string; contractSha256: string; signatureAlgorithm: string };
  /** The register decides where it has an answer; the declaration only where it has none. */
  decisionFacts: DecisionFacts;
  submittedAt: Date;
  /**
   * The address the mails go to: only the one the representative confirmed, never one typed and not confirmed, nor the
   * company's contact address in the application. Without one there is no mail; the contract can be downloaded after
   * signing in.
   */
  mailTo: string | undefined;
  /** The contract's language, which the mails are in too. */
  language: Locale;
  /** Every signature in the container, the applicant's first; the last is the one that submits. */
  signers: readonly Signer[];
  /** The board members the register's rule needs signed too: the bank need not collect their signatures itself. */
  hasBoardSignatures: boolean;
  /** The service fee the product invoices (SERVICE_FEE_EUR, SERVICE_FEE_IBAN); undefined: the bank sends its own invoice. */
  serviceFee: ServiceFeeTerms | undefined;
};

/**
 * Signed and submitted: what the bank does next (followUpOf) is fixed, the bank's request for more information (if
 * any) is answered, the applicant is mailed the follow-up, and the bank's systems hear of it. When the follow-up is the
 * service fee and the product holds its price and account, the fee is invoiced, once per application: a resubmission
 * keeps the invoice already issued, and a fee the bank invoiced (FEE_INVOICED) is not invoiced again.
 */
export function applicationSubmitted(application: ApplicationRow, input: SubmissionInput): Changed {
  const { facts, discrepancies, unverifiedFacts, notices } = input.decisionFacts;
  const overview = (application.stepData.ApplicationOverview ?? application.stepData.AdditionalData) as ApplicationOverview;
  const followUp = followUpOf({
    notices,
    representationBasis: facts.representationBasis.value ?? undefined,
    isListedCompany: facts.isListedCompany.value,
    isSignedInOffice: overview.identificationLocation.isSignedInOffice === true,
    hasDiscrepancies: discrepancies.length > 0,
    unverifiedFacts,
    signing: input.decisionFacts.signing,
    hasBoardSignatures: input.hasBoardSignatures,
  });
  const isResubmission = application.reopenedSteps !== null;
  const { language, mailTo: to } = input;
  const invoice: StoredServiceFeeInvoice | undefined =
    followUp === 'PAY_SERVICE_FEE' && application.serviceFeeInvoice === null && input.serviceFee
      ? invoiceOnTerms(input.serviceFee, input.submittedAt)
      : undefined;
  const office = BANK_OFFICES.find((candidate) => candidate.id === overview.identificationLocation.officeId);
  const company = { businessName: application.companyName, companySource: companySourceOf(application) };
  const outbox: OutboxRow[] = [];
  if (to) {
    outbox.push({
      outbox: 'MAIL',
      template: 'APPLICATION_SUBMITTED',
      mail: {
        to,
        language,
        processId: application.processId,
        // The session the submission event names: its container is the attachment.
        signingSessionId: input.signature.signingSessionId,
        params: {
          representativeName: input.representativeName,
          ...company,
          applicationNumber: application.applicationNumber,
          followUp,
          feeInvoice: invoice ? 'SENT_SEPARATELY' : application.serviceFeeInvoice ? 'SENT_BEFORE' : 'FROM_THE_BANK',
          discrepancies,
          office: office
            ? { name: office.name[language], address: `${office.address}, ${office.postalCode} ${office.city}`, openingHours: office.openingHours[language] }
            : undefined,
        },
      },
    });
    // The invoice the submission mail promises "in a separate e-mail", sent with it.
    if (invoice?.payee) {
      outbox.push({
        outbox: 'MAIL',
        template: 'SERVICE_FEE_INVOICE',
        mail: {
          to,
          language,
          processId: application.processId,
          params: {
            representativeName: input.representativeName,
            ...company,
            applicationNumber: application.applicationNumber,
            invoice: { amountCents: invoice.amountCents, dueDate: invoice.dueDate, payee: invoice.payee },
          },
        },
      });
    }
  }
  outbox.push({
    outbox: 'EVENTS',
    type: 'APPLICATION_SUBMITTED',
    event: {
      processId: application.processId,
      applicationNumber: application.applicationNumber,
      company: {
        name: application.companyName,
        registryCode: application.companyRegistryCode,
        registryCountryCode: application.companyRegistryCountryCode,
        isVerified: !unverifiedFacts.includes('COMPANY'),
      },
      submittedAt: input.submittedAt,
      followUp,
      hasDiscrepancies: discrepancies.length > 0,
      serviceFeeInvoice: invoice ? serviceFeeInvoiceOf({ applicationNumber: application.applicationNumber, serviceFeeInvoice: invoice }) : null,
      unverifiedFacts,
      signers: input.signers.map(({ name, personalId, personalIdCountryCode, signedAt }) => ({
        name,
        personalId,
        personalIdCountryCode,
        signedAt: signedAt.toISOString(),
      })),
    },
  });
  return {
    kind: 'CHANGED',
    from: application,
    change: {
      status: 'SUBMITTED',
      currentStep: 'ApplicationSubmitted',
      submittedAt: input.submittedAt,
      followUp,
      submittedDiscrepancies: discrepancies.length > 0 ? discrepancies : null,
      // The bank's request for more information is answered by this signature.
      reopenedSteps: null,
      ...(invoice ? { serviceFeeInvoice: invoice } : {}),
    },
    event: {
      type: 'APPLICATION_SUBMITTED',
      actor: input.actor,
      payload: {
        source: 'EID' satisfies ChangeSource,
        signingSessionId: input.signature.signingSessionId,
        method: input.signature.method,
        contractId: input.signature.contractId,
        contractSha256: input.signature.contractSha256,
        signatureAlgorithm: input.signature.signatureAlgorithm,
        ...(input.signers.length > 1 ? { signers: input.signers.map(signerPayload) } : {}),
        followUp,
        discrepancies,
        // What the decision was made on, each fact with its source: the record proves itself without the rows.
        facts,
        registerQueriedAt: facts.businessName.queriedAt ?? null,
        // Signed again after the bank reopened steps (MORE_INFORMATION_NEEDED): the earlier submission stays in the record.
        ...(isResubmission ? { resubmission: true, reopenedSteps: application.reopenedSteps } : {}),
        // The invoice issued with this submission: what the applicant was told to pay, and to whom.
        ...(invoice ? { serviceFeeInvoice: invoice } : {}),
      },
    },
    outbox,
  };
}

/** The steps in step order, as a reopening keeps them. */
export const reopenableInStepOrder = (steps: readonly ReopenableStep[]): ReopenableStep[] => REOPENABLE_STEPS.filter((step) => steps.includes(step));

/** What a decision changes in the application besides its status; FEE_INVOICED keeps the invoice it issued. */
function decisionChangeOf(application: ApplicationRow, decision: Decision, invoice: StoredServiceFeeInvoice | undefined): ApplicationChange {
  const status = statusAfterDecision(decision);
  if (decision.type === 'FEE_INVOICED' && invoice) return { status, serviceFeeInvoice: invoice };
  if (decision.type === 'MORE_INFORMATION_NEEDED') {
    const reopenedSteps = reopenableInStepOrder(decision.steps);
    return { status, reopenedSteps, currentStep: firstReopenedStep(reopenedSteps) };
  }
  // Declined while being filled in again: the request for more information ends, and the applicant sees the answer.
  if (decision.type === 'DECLINED' && application.reopenedSteps) return { status, reopenedSteps: null, currentStep: 'ApplicationSubmitted' };
  // The signers the bank named: the application waits for their signatures (decision 41).
  if (decision.type === 'SIGNERS_NAMED') return { status, namedSigners: decision.signers };
  return { status };
}

/** A decision's mail: the decision itself, or, for FEE_INVOICED, the invoice. */
export type DecisionMail = { template: 'DECISION_RECORDED'; mail: DecisionRecordedMail } | { template: 'SERVICE_FEE_INVOICE'; mail: ServiceFeeInvoiceMail };

/**
 * The bank's decision (checked by decisionRefusal beforehand): APPROVED and DECLINED are final, MORE_INFORMATION_NEEDED
 * reopens the named steps, FEE_INVOICED keeps its invoice (`invoice`) as the application's one; each is recorded, and
 * mailed to the applicant when it is one they must hear about.
 */
export function decisionRecorded(
  application: ApplicationRow,
  decision: Decision,
  input: { actor: string; mail?: DecisionMail | undefined; invoice?: StoredServiceFeeInvoice | undefined },
): Changed {
  return {
    kind: 'CHANGED',
    from: application,
    change: decisionChangeOf(application, decision, input.invoice),
    event: {
      type: 'DECISION_RECORDED',
      actor: input.actor,
      payload: { source: 'BANK' satisfies ChangeSource, decision, ...(input.invoice ? { serviceFeeInvoice: input.invoice } : {}) },
    },
    outbox: input.mail ? [{ outbox: 'MAIL', ...input.mail }] : [],
  };
}
