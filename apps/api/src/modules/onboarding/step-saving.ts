import { parseWithIssues, type ApplicationView, type CompanyData, type Step } from '@onboarding/domain';
import { AppError } from '../../errors.js';
import { toApplicationView } from './application-view.js';
import { isStepReached } from './flow/application-flow.js';
import { draftSaved, stepSaved } from './flow/transitions.js';
import type { WritePath } from './flow/write-path.js';
import type { OnboardingRepository } from './onboarding-repository.js';
import { assertWritable, type OwnApplication } from './owned-application.js';
import { assertReopened, companyMismatchIssues, identificationLocationIssues, isFillableStep, OVERVIEW_STEPS, schemaOf } from './step-rules.js';
import { assertHistoryRoom, assertStorable, type StorageLimits } from './storage-limits.js';
import { actorOf, type User } from './user.js';

export type StepSavingOptions = {
  repository: Pick<OnboardingRepository, 'historyBytes'>;
  writes: Pick<WritePath, 'writeOrConflict'>;
  ownApplication: OwnApplication;
  storageLimits: StorageLimits;
};

/** Saving the five steps: a step validated and moving the application on, or a draft as typed. */
export function createStepSaving({ repository, writes, ownApplication, storageLimits }: StepSavingOptions) {
  return {
    /** Validates a step with its domain schema and moves the application to the step the server decides. */
    async saveStep(user: User, processId: string, step: string, version: number, data: unknown): Promise<ApplicationView> {
      const application = await ownApplication(processId, user);
      assertWritable(application);
      if (!isFillableStep(step)) throw new AppError('NOT_FOUND', `No step ${step}.`);
      assertReopened(application, step);
      const currentStep = application.currentStep as Step;
      if (!isStepReached(currentStep, step)) throw new AppError('CONFLICT', 'The application has not reached this step.');
      const parsed = parseWithIssues(schemaOf(step, application, user), data);
      if (!parsed.success) throw new AppError('VALIDATION_FAILED', { fields: parsed.issues });
      const officeIssues = OVERVIEW_STEPS.includes(step) ? identificationLocationIssues(parsed.data) : [];
      if (officeIssues.length > 0) throw new AppError('VALIDATION_FAILED', { fields: officeIssues });
      if (step === 'CompanyData') {
        const mismatch = companyMismatchIssues(application, parsed.data as CompanyData);
        if (mismatch.length > 0) throw new AppError('COMPANY_MISMATCH', { fields: mismatch });
      }

      const transition = stepSaved(application, step, parsed.data, actorOf(user));
      const { stepData = application.stepData, drafts = application.drafts } = transition.change;
      assertStorable(storageLimits, parsed.data, { stepData, drafts });
      await assertHistoryRoom(storageLimits, repository, processId, transition.event.payload ?? {});
      return toApplicationView(await writes.writeOrConflict(transition, version));
    },

    /** Autosave: the step's input as typed, neither validated nor advancing. */
    async saveDraft(user: User, processId: string, step: string, version: number, data: unknown): Promise<{ version: number; updatedAt: string }> {
      const application = await ownApplication(processId, user);
      assertWritable(application);
      if (!isFillableStep(step)) throw new AppError('NOT_FOUND', `No step ${step}.`);
      assertReopened(application, step);
      if (typeof data !== 'object' || data === null || Array.isArray(data)) {
        throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'data', code: 'incorrectValue', params: {} }] });
      }
      const transition = draftSaved(application, step, data, actorOf(user));
      assertStorable(storageLimits, data, { stepData: application.stepData, drafts: transition.change.drafts ?? application.drafts });
      await assertHistoryRoom(storageLimits, repository, processId, transition.event.payload ?? {});
      const written = await writes.writeOrConflict(transition, version);
      return { version: written.version, updatedAt: written.updatedAt.toISOString() };
    },
  };
}

export type StepSaving = ReturnType<typeof createStepSaving>;
