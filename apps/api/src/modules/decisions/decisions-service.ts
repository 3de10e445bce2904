import {
  coSigningNamedByBank,
  decisionRefusal,
  decisionSchema,
  MAILED_DECISIONS,
  parseWithIssues,
  statusAfterDecision,
  type Decision,
  type RecordedDecision,
  type ReopenableStep,
} from '@onboarding/domain';
import type { ServiceFeeTerms } from '../../config.js';
import type { Db, Executor } from '../../db/database.js';
import type { StoredServiceFeeInvoice } from '../../db/schema.js';
import type { BankCustomers } from '../customers/index.js';
import { AppError } from '../../errors.js';
import type { DecisionRecordedMail } from '../mail/index.js';
import {
  companySourceOf,
  confirmedEmailOf,
  decisionRecorded,
  invoiceOfDecision,
  registerOf,
  reopenableInStepOrder,
  type ApplicationRow,
  type Applications,
  type DecisionMail,
} from '../onboarding/index.js';
import { BANK_OFFICES } from '../reference/index.js';
import { contractLanguageOf } from '../signing/index.js';

export type RecordDecisionInput = {
  processId: string;
  /** The application version the bank decided on; another one answers 409 STALE_VERSION. */
  applicationVersion: number;
  decision: Decision;
  /** The bank client that posted it (its machine credentials): the event's actor is `bank:<clientId>`. */
  clientId: string;
};

export type RecordDecisionHooks = {
  /**
   * Runs in the decision's transaction after everything else is written (the webhook event outbox): what it writes
   * commits with the decision, and if it throws nothing of the decision is kept.
   */
  onRecorded?: (tx: Executor, recorded: RecordedDecision) => Promise<void>;
};

export type DecisionsServiceOptions = {
  /** Where a decision opens its transaction, unless it is given one. */
  db: Db;
  /** The onboarding module's applications: read and locked in the decision's transaction, and written by its write path. */
  applications: Pick<Applications, 'lock' | 'representative' | 'signerNameOf' | 'writeOrConflict' | 'wake'>;
  /** The bank's customers: an APPROVED decision adds the company, in the decision's transaction. */
  customers: Pick<BankCustomers, 'add'>;
  /**
   * The payee of the service fee the product is configured with (SERVICE_FEE_IBAN, BANK_NAME): a FEE_INVOICED is
   * mailed as an invoice to pay to this account. Undefined: the bank sends its invoice itself, and nothing is mailed.
   */
  serviceFeePayee: ServiceFeeTerms['payee'] | undefined;
  now?: () => Date;
};

/** The mail's part of a decision: only the mailed ones, with the booked office looked up; FEE_INVOICED's mail is its invoice. */
function mailedDecisionOf(decision: Decision): DecisionRecordedMail['decision'] | undefined {
  if (!MAILED_DECISIONS.includes(decision.type)) return undefined;
  switch (decision.type) {
    case 'IDENTIFICATION_BOOKED': {
      const office = BANK_OFFICES.find((candidate) => candidate.id === decision.officeId);
      return office && { type: decision.type, office, at: decision.at };
    }
    case 'BOARD_SIGNATURE_REQUESTED':
      return { type: decision.type, recipients: decision.recipients };
    case 'SIGNERS_NAMED':
      return { type: decision.type, count: decision.signers.length };
    case 'MORE_INFORMATION_NEEDED':
      return { type: decision.type, steps: reopenableInStepOrder(decision.steps), message: decision.message };
    case 'APPROVED':
      return { type: decision.type, accountNumber: decision.accountNumber };
    case 'DECLINED':
      return { type: decision.type };
    default:
      return undefined;
  }
}

/**
 * The bank's decisions on submitted applications (docs/requirements.md section 1: account managers act offline,
 * in the bank's own systems, which post here). One decision is one transaction: the application's new status and
 * version, the event in its history, the applicant's mail and the caller's outbox row are written together or
 * not at all.
 */
/**
 * The signers the bank names (decision 41) must be what the register supports: the rule one the product cannot read,
 * and each named person a board member the register names with a personal code, not the applicant, none twice.
 * Anything else is refused as the decision's invalid field, so no signature the register does not back is collected.
 */
function assertNamesSigners(application: ApplicationRow, signers: readonly { personalId: string; personalIdCountryCode: string }[]): void {
  const representation = registerOf(application)?.details.representation;
  const applicant = { personalId: application.representativePersonalId, personalIdCountryCode: application.representativeCountryCode };
  if (!representation || !coSigningNamedByBank(representation, applicant, signers)) {
    throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'decision.signers', code: 'incorrectValue', params: {} }] });
  }
}

export function createDecisionsService(options: DecisionsServiceOptions) {
  const { db, applications, customers, serviceFeePayee } = options;
  const now = options.now ?? (() => new Date());

  /**
   * The decision's mail to the representative, in the language and to the address the submission mail used: the
   * confirmed one, if any. FEE_INVOICED's is the invoice, and only with an account to pay to.
   */
  async function mailOf(
    tx: Executor,
    application: ApplicationRow,
    decision: Decision,
    invoice: StoredServiceFeeInvoice | undefined,
  ): Promise<DecisionMail | undefined> {
    const mailed = mailedDecisionOf(decision);
    const payee = invoice?.payee;
    if (!mailed && !payee) return undefined;
    const representative = await applications.representative(
      { personalId: application.representativePersonalId, personalIdCountryCode: application.representativeCountryCode },
      tx,
    );
    const to = confirmedEmailOf(representative);
    if (!to) return undefined;
    const representativeName = (await applications.signerNameOf(tx, application.processId)) ?? '';
    const envelope = { to, language: contractLanguageOf(application, representative?.language), processId: application.processId };
    const params = {
      representativeName,
      businessName: application.companyName,
      companySource: companySourceOf(application),
      applicationNumber: application.applicationNumber,
    };
    if (invoice && payee) {
      const mail = { ...envelope, params: { ...params, invoice: { amountCents: invoice.amountCents, dueDate: invoice.dueDate, payee } } };
      return { template: 'SERVICE_FEE_INVOICE', mail };
    }
    return mailed && { template: 'DECISION_RECORDED', mail: { ...envelope, params, decision: mailed } };
  }

  return {
    /**
     * Records a bank's decision on a submitted application. 400 VALIDATION_FAILED for a decision the schema refuses
     * or an office the bank does not have; 404 NOT_FOUND for an application never submitted (a draft is not the
     * bank's to see); 409 APPLICATION_DECIDED, APPLICATION_NOT_SUBMITTED or FEE_ALREADY_INVOICED (decisionRefusal); 409 STALE_VERSION for
     * a decision made on another version; 429 RATE_LIMITED beyond the decision mails' limit. `within`: a
     * transaction of the caller to take part in (the Idempotency-Key's); by default the decision is its own.
     */
    async recordDecision(input: RecordDecisionInput, hooks: RecordDecisionHooks = {}, within: Executor = db): Promise<RecordedDecision> {
      const parsed = parseWithIssues(decisionSchema, input.decision);
      if (!parsed.success)
        throw new AppError('VALIDATION_FAILED', {
          fields: parsed.issues.map((issue) => ({ ...issue, path: issue.path ? `decision.${issue.path}` : 'decision' })),
        });
      const decision = parsed.data;
      if (decision.type === 'IDENTIFICATION_BOOKED' && !BANK_OFFICES.some((office) => office.id === decision.officeId)) {
        throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'decision.officeId', code: 'incorrectValue', params: {} }] });
      }

      // Every read goes through the transaction: PGlite has one connection, which the transaction holds. Within a
      // caller's transaction (the Idempotency-Key's) this one is a savepoint of it.
      const transition = await within.transaction(async (tx) => {
        const application = await applications.lock(tx, input.processId);
        if (!application?.submittedAt) throw new AppError('NOT_FOUND', 'No such submitted application.');
        const refusal = decisionRefusal(application, decision);
        if (refusal) throw new AppError(refusal);
        if (decision.type === 'SIGNERS_NAMED') assertNamesSigners(application, decision.signers);

        const invoice = decision.type === 'FEE_INVOICED' ? invoiceOfDecision(decision, serviceFeePayee ?? null, now()) : undefined;
        const mail = await mailOf(tx, application, decision, invoice);
        const recording = decisionRecorded(application, decision, { actor: `bank:${input.clientId}`, mail, invoice });
        const written = await applications.writeOrConflict(recording, input.applicationVersion, { within: tx });
        const result: RecordedDecision = {
          processId: written.processId,
          applicationNumber: written.applicationNumber,
          status: statusAfterDecision(decision),
          version: written.version,
          decision,
          recordedAt: written.updatedAt.toISOString(),
          reopenedSteps: (written.reopenedSteps as ReopenableStep[] | null) ?? null,
        };
        // From now on the company is the bank's customer: choosing it again leads to the online bank.
        if (decision.type === 'APPROVED' && application.companyRegistryCode) {
          await customers.add({ registryCountryCode: application.companyRegistryCountryCode, registryCode: application.companyRegistryCode }, 'APPROVED', tx);
        }
        await hooks.onRecorded?.(tx, result);
        return { recording, result };
      });
      // The mail left with the decision; tell the sender not to wait for its next round.
      applications.wake(transition.recording);
      return transition.result;
    },
  };
}

export type DecisionsService = ReturnType<typeof createDecisionsService>;
