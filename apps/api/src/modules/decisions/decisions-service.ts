import {
  decisionRefusal,
  decisionSchema,
  MAILED_DECISIONS,
  parseWithIssues,
  REOPENABLE_STEPS,
  statusAfterDecision,
  type Decision,
  type RecordedDecision,
  type ReopenableStep,
} from '@onboarding/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { DecisionRecordedMail, MailModule } from '../mail/index.js';
import { firstReopenedStep } from '../onboarding/application-flow.js';
import { companySourceOf, confirmedEmailOf } from '../onboarding/mail-recipient.js';
import type { ApplicationChange, ApplicationRow, OnboardingRepository, RepresentativeRow } from '../onboarding/onboarding-repository.js';
import { writeOrConflictWith, type ChangeSource } from '../onboarding/onboarding-service.js';
import { BANK_OFFICES } from '../reference/bank-offices.js';
import { contractLanguageOf } from '../signing/contract-facts.js';
import type { DecisionsRepository } from './decisions-repository.js';

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
  onRecorded?: (tx: Db, recorded: RecordedDecision) => Promise<void>;
};

export type DecisionsServiceOptions = {
  repository: DecisionsRepository;
  onboardingRepository: Pick<OnboardingRepository, 'updateApplication' | 'findApplication' | 'findRepresentative'>;
  mail: Pick<MailModule, 'enqueueDecisionRecorded'> & { sender: Pick<MailModule['sender'], 'wake'> };
};

/** The steps in step order, as the reopening keeps them. */
const inStepOrder = (steps: readonly ReopenableStep[]): ReopenableStep[] => REOPENABLE_STEPS.filter((step) => steps.includes(step));

/** What a decision changes in the application besides its status. */
function changeOf(application: ApplicationRow, decision: Decision): ApplicationChange {
  const status = statusAfterDecision(decision);
  if (decision.type === 'MORE_INFORMATION_NEEDED') {
    const reopenedSteps = inStepOrder(decision.steps);
    return { status, reopenedSteps, currentStep: firstReopenedStep(reopenedSteps) };
  }
  // Declined while being filled in again: the request for more information ends, and the applicant sees the answer.
  if (decision.type === 'DECLINED' && application.reopenedSteps) return { status, reopenedSteps: null, currentStep: 'ApplicationSubmitted' };
  return { status };
}

/** The mail's part of a decision: only the mailed ones, with the booked office looked up. */
function mailedDecisionOf(decision: Decision): DecisionRecordedMail['decision'] | undefined {
  if (!MAILED_DECISIONS.includes(decision.type)) return undefined;
  switch (decision.type) {
    case 'FEE_INVOICED':
      return { type: decision.type, amountCents: decision.amountCents, dueDate: decision.dueDate };
    case 'IDENTIFICATION_BOOKED': {
      const office = BANK_OFFICES.find((candidate) => candidate.id === decision.officeId);
      return office && { type: decision.type, office, at: decision.at };
    }
    case 'BOARD_SIGNATURE_REQUESTED':
      return { type: decision.type, recipients: decision.recipients };
    case 'MORE_INFORMATION_NEEDED':
      return { type: decision.type, steps: inStepOrder(decision.steps), message: decision.message };
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
export function createDecisionsService(options: DecisionsServiceOptions) {
  const { repository, onboardingRepository, mail } = options;

  /** The decision's mail to the representative, in the language and to the address the submission mail used: the confirmed one, if any. */
  async function enqueueMail(tx: Db, application: ApplicationRow, representative: RepresentativeRow | undefined, decision: DecisionRecordedMail['decision']): Promise<void> {
    const to = confirmedEmailOf(representative);
    if (!to) return;
    const representativeName = (await repository.signerNameOf(tx, application.processId)) ?? '';
    await mail.enqueueDecisionRecorded(
      {
        to,
        language: contractLanguageOf(application, representative?.language),
        processId: application.processId,
        params: { representativeName, businessName: application.companyName, companySource: companySourceOf(application), applicationNumber: application.applicationNumber },
        decision,
      },
      tx,
    );
  }

  return {
    /**
     * Records a bank's decision on a submitted application. 400 VALIDATION_FAILED for a decision the schema refuses
     * or an office the bank does not have; 404 NOT_FOUND for an application never submitted (a draft is not the
     * bank's to see); 409 APPLICATION_DECIDED or APPLICATION_NOT_SUBMITTED (decisionRefusal); 409 STALE_VERSION for
     * a decision made on another version; 429 RATE_LIMITED beyond the decision mails' limit. `within`: a
     * transaction of the caller to take part in (the Idempotency-Key's); by default the decision is its own.
     */
    async recordDecision(input: RecordDecisionInput, hooks: RecordDecisionHooks = {}, within: Db = repository.db): Promise<RecordedDecision> {
      const parsed = parseWithIssues(decisionSchema, input.decision);
      if (!parsed.success) throw new AppError('VALIDATION_FAILED', { fields: parsed.issues.map((issue) => ({ ...issue, path: issue.path ? `decision.${issue.path}` : 'decision' })) });
      const decision = parsed.data;
      if (decision.type === 'IDENTIFICATION_BOOKED' && !BANK_OFFICES.some((office) => office.id === decision.officeId)) {
        throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'decision.officeId', code: 'incorrectValue', params: {} }] });
      }

      // Every read goes through the transaction: PGlite has one connection, which the transaction holds. Within a
      // caller's transaction (the Idempotency-Key's) this one is a savepoint of it.
      const recorded = await within.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const application = await repository.lockApplication(tx, input.processId);
        if (!application?.submittedAt) throw new AppError('NOT_FOUND', 'No such submitted application.');
        const representative = await repository.representativeOf(tx, application);
        const refusal = decisionRefusal(application, decision);
        if (refusal) throw new AppError(refusal);

        const current = { findApplication: (processId: string) => repository.lockApplication(tx, processId) };
        const written = await writeOrConflictWith(current, application, input.applicationVersion, () =>
          onboardingRepository.updateApplication(tx, application, changeOf(application, decision), {
            type: 'DECISION_RECORDED',
            actor: `bank:${input.clientId}`,
            payload: { source: 'BANK' satisfies ChangeSource, decision },
          }),
        );
        const mailed = mailedDecisionOf(decision);
        if (mailed) await enqueueMail(tx, application, representative, mailed);

        const result: RecordedDecision = {
          processId: written.processId,
          applicationNumber: written.applicationNumber,
          status: statusAfterDecision(decision),
          version: written.version,
          decision,
          recordedAt: written.updatedAt.toISOString(),
          reopenedSteps: (written.reopenedSteps as ReopenableStep[] | null) ?? null,
        };
        await hooks.onRecorded?.(tx, result);
        return result;
      });
      // The mail left with the decision; tell the sender not to wait for its next round.
      if (MAILED_DECISIONS.includes(decision.type)) mail.sender.wake();
      return recorded;
    },
  };
}

export type DecisionsService = ReturnType<typeof createDecisionsService>;
