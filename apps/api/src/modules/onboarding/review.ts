import {
  isBlockedByRegister,
  reviewApplication,
  stepIndex,
  verifiedNotices,
  type ApplicationReview,
  type RelatedPersonsFromRegister,
  type StepReview,
} from '@onboarding/domain';
import { registerBeneficialOwnershipOf, relatedPersonsFromRegister } from '../registry/index.js';
import { registerOf } from './application-view.js';
import { factsOf, signingOf } from './facts.js';
import type { OwnApplication } from './owned-application.js';
import { contextOf, identificationLocationIssues } from './step-rules.js';
import type { User } from './user.js';

/** Reading the application back before signing: the whole reviewed again, and the register's related persons to start from. */
export function createReview({ ownApplication }: { ownApplication: OwnApplication }) {
  return {
    /** The related persons as the register knows them; a company the register does not know has none to give. */
    async relatedPersonsFromRegister(user: User, processId: string): Promise<RelatedPersonsFromRegister> {
      const application = await ownApplication(processId, user);
      // The card the application holds: the form is filled from the facts the bank decides on.
      const company = registerOf(application)?.details;
      if (!company) return { shareholders: [], relatedPersons: [] };
      const draft = relatedPersonsFromRegister(company, { personalId: user.personalId, countryCode: user.personalIdCountryCode });
      return {
        shareholders: draft.shareholders,
        relatedPersons: draft.relatedPersons.map((person) => ({ ...person, isFromRegister: true as const })),
        beneficialOwnership: registerBeneficialOwnershipOf(company),
      } as RelatedPersonsFromRegister;
    },

    /** Whether the whole application may be signed: every step checked again against what is stored now. */
    async review(user: User, processId: string): Promise<ApplicationReview> {
      const application = await ownApplication(processId, user);
      const review = reviewApplication(application.stepData, contextOf(application, user));
      const { facts, discrepancies } = factsOf(application, user);
      const currentIndex = stepIndex(application.currentStep);
      const steps = review.steps.map((stepReview): StepReview => {
        if (stepReview.step === 'ApplicationOverview') {
          if (!stepReview.isComplete) return stepReview;
          const issues = identificationLocationIssues(application.stepData.ApplicationOverview ?? application.stepData.AdditionalData);
          return { ...stepReview, isComplete: issues.length === 0, issues };
        }
        // The register stops the account from opening online: the company step says so until it changes.
        if (stepReview.step === 'CompanyData' && isBlockedByRegister(facts)) {
          return { ...stepReview, isComplete: false, issues: [{ path: '', code: 'blockedByRegister', params: {} }] };
        }
        const isAhead = stepIndex(stepReview.step) >= currentIndex && application.stepData[stepReview.step] !== undefined;
        // A step the bank reopened is saved again before signing; the steps it did not name stay as signed.
        if (application.reopenedSteps) {
          return isAhead && application.reopenedSteps.includes(stepReview.step)
            ? { ...stepReview, isComplete: false, issues: [{ path: '', code: 'reopenedByBank', params: {} }] }
            : stepReview;
        }
        // A step the register's changes reopened is saved again before signing.
        if (isAhead) {
          return { ...stepReview, isComplete: false, issues: [{ path: '', code: 'registerChanged', params: {} }] };
        }
        return stepReview;
      });
      const details = registerOf(application)?.details;
      const signing = signingOf(details, user, discrepancies);
      return {
        ...review,
        steps,
        isComplete: steps.every((stepReview) => stepReview.isComplete),
        notices: verifiedNotices(application.stepData, details),
        facts,
        discrepancies,
        ...(signing ? { signing } : {}),
      };
    },
  };
}

export type Review = ReturnType<typeof createReview>;
