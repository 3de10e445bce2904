import type { Step } from '@onboarding/domain';
import type { TranslationKey } from '../i18n/keys';

/**
 * The screen title of each step a person fills: the applicant knows the steps by them, on the steps themselves,
 * in a bank's request to reopen one and in the application's history. AdditionalData is saved on the overview.
 */
export const STEP_TITLE_KEYS = {
  AccountOpeningReason: 'SCREENS.OPENING_REASONS.TITLE',
  CompanyData: 'SCREENS.COMPANY_INFORMATION.TITLE',
  Incomes: 'SCREENS.INCOMES.TITLE',
  RelatedPersons: 'SCREENS.RELATED_PERSONS.TITLE',
  AdditionalData: 'SCREENS.OVERVIEW.TITLE',
  ApplicationOverview: 'SCREENS.OVERVIEW.TITLE',
} as const satisfies Partial<Record<Step, TranslationKey>>;

export type FilledStep = keyof typeof STEP_TITLE_KEYS;

export const isFilledStep = (step: unknown): step is FilledStep => typeof step === 'string' && Object.hasOwn(STEP_TITLE_KEYS, step);
