import type { ApplicationView } from '@onboarding/domain';
import { toApplicationView } from './application-view.js';
import { createChooseCompany } from './choose-company.js';
import { createContinueLater } from './continue-later.js';
import { decisionFactsOf, factsFor } from './facts.js';
import type { DecisionFacts } from './flow/transitions.js';
import type { WritePath } from './flow/write-path.js';
import { createHistory } from './history.js';
import { createManualCompanies } from './manual-company.js';
import type { OnboardingRepository } from './onboarding-repository.js';
import { ownApplicationFrom } from './owned-application.js';
import type { BankRecords, Register } from './ports.js';
import type { RegisterEvidenceStore } from './register-evidence.js';
import { createRegisterRefresh } from './register-refresh.js';
import { createPersonOutcome } from './person-outcome.js';
import { createRepresentatives } from './representatives.js';
import { createReview } from './review.js';
import type { ApplicationRow } from './rows.js';
import { createStepSaving } from './step-saving.js';
import { DEFAULT_STORAGE_LIMITS, type StorageLimits } from './storage-limits.js';
import type { User } from './user.js';

export type { ChangeSource } from './flow/transitions.js';
export type { StorageLimits } from './storage-limits.js';

export type OnboardingServiceOptions = {
  repository: OnboardingRepository;
  register: Register;
  bankRecords: BankRecords;
  /** The one write path of the applications' state. */
  writes: Pick<WritePath, 'write' | 'writeOrConflict'>;
  /** Where the register's answers behind an application's facts are kept. */
  evidence: RegisterEvidenceStore;
  /** Signing starts only on register facts at most this old; older ones are read again. */
  registerFactsMaxAgeMs?: number;
  /** Bytes of JSON a step's data, a whole application and its history may take. */
  storageLimits?: StorageLimits;
  now?: () => Date;
};

/**
 * The onboarding rules (docs/requirements.md sections 1, 3, 4, 5), one module per job: the representative's details
 * (representatives.ts), choosing a company and creating or resuming its application (choose-company.ts, with
 * manual-company.ts for a company typed by hand), saving steps and drafts (step-saving.ts), the review before signing
 * (review.ts), the register read again before signing (register-refresh.ts), the record and the timeline (history.ts)
 * and save-and-continue-later (continue-later.ts). This puts them together for the routes and the applications port.
 */
export function createOnboardingService(options: OnboardingServiceOptions) {
  const { repository, register, bankRecords, writes, evidence } = options;
  const now = options.now ?? (() => new Date());
  const ownApplication = ownApplicationFrom(repository);
  const personOutcome = createPersonOutcome({ register, now });
  const representatives = createRepresentatives({ repository, personOutcome, now });
  const manualCompanies = createManualCompanies({ repository, register, bankRecords, writes, ownApplication, now });
  const chooseCompany = createChooseCompany({
    repository,
    register,
    bankRecords,
    writes,
    ownApplication,
    requireConsent: representatives.requireConsent,
    manualCompanies,
    evidence,
    personOutcome,
    now,
  });
  const stepSaving = createStepSaving({ repository, writes, ownApplication, storageLimits: options.storageLimits ?? DEFAULT_STORAGE_LIMITS });
  const review = createReview({ ownApplication });
  const registerRefresh = createRegisterRefresh({ register, evidence, writes, maxAgeMs: options.registerFactsMaxAgeMs ?? 15 * 60_000, now });
  const history = createHistory({ repository, ownApplication });
  const continueLater = createContinueLater({ repository, writes, ownApplication });

  return {
    /** The application if it is this user's, for the signing module; anyone else gets 404. */
    ownedApplication: (user: User, processId: string): Promise<ApplicationRow> => ownApplication(processId, user),
    async application(user: User, processId: string): Promise<ApplicationView> {
      return toApplicationView(await ownApplication(processId, user));
    },

    requireConsent: representatives.requireConsent,
    representative: representatives.representative,
    savePersonalInformation: representatives.savePersonalInformation,

    lookupScope: chooseCompany.lookupScope,
    companies: chooseCompany.companies,
    createApplication: chooseCompany.createApplication,

    saveStep: stepSaving.saveStep,
    saveDraft: stepSaving.saveDraft,

    relatedPersonsFromRegister: review.relatedPersonsFromRegister,
    review: review.review,

    /** What the bank decides on at submission: the verified facts, the notices they give, and the discrepancies. */
    decisionFacts: (user: User, application: ApplicationRow): DecisionFacts => decisionFactsOf(application, user),
    /** Every fact with its source and the discrepancies, for the representative the record names (the bank's read). */
    factsFor,

    /** The application with register facts fresh enough to sign on (register-refresh.ts); REGISTER_CHANGED when the register changed. */
    async withFreshRegisterFacts(user: User, processId: string): Promise<ApplicationRow> {
      return registerRefresh.withFreshRegisterFacts(await ownApplication(processId, user), user);
    },

    history: history.history,
    historyOf: history.historyOf,
    timeline: history.timeline,

    saveAndContinueLater: continueLater.saveAndContinueLater,
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
