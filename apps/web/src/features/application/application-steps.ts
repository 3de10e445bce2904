import { isStepReopened, SCREENS, stepToScreen, type APPLICATION_SCREENS, type ApplicationView, type Step } from '@onboarding/domain';
import type { TranslationKey } from '../../i18n/keys';
import { errorPaths, paths, screenPath } from '../../lib/paths';
import { STEP_TITLE_KEYS } from '../../lib/step-titles';

export type ApplicationScreen = (typeof APPLICATION_SCREENS)[number];

export type StepScreen = {
  screen: ApplicationScreen;
  path: string;
  /** The step whose data and draft this screen saves. */
  step: Step;
  titleKey: TranslationKey;
  /** The stepper's short name. */
  labelKey: TranslationKey;
};

/** The five screens of docs/requirements.md section 2 in order, with the server step each one fills (section 4). */
export const STEP_SCREENS: readonly StepScreen[] = [
  {
    screen: SCREENS.openingReasons,
    path: paths.openingReasons,
    step: 'AccountOpeningReason',
    titleKey: STEP_TITLE_KEYS.AccountOpeningReason,
    labelKey: 'APPLICATION.STEPPER.OPENING_REASONS',
  },
  {
    screen: SCREENS.companyInformation,
    path: paths.companyInformation,
    step: 'CompanyData',
    titleKey: STEP_TITLE_KEYS.CompanyData,
    labelKey: 'APPLICATION.STEPPER.COMPANY_INFORMATION',
  },
  { screen: SCREENS.incomes, path: paths.incomes, step: 'Incomes', titleKey: STEP_TITLE_KEYS.Incomes, labelKey: 'APPLICATION.STEPPER.INCOMES' },
  {
    screen: SCREENS.relatedPersons,
    path: paths.relatedPersons,
    step: 'RelatedPersons',
    titleKey: STEP_TITLE_KEYS.RelatedPersons,
    labelKey: 'APPLICATION.STEPPER.RELATED_PERSONS',
  },
  {
    screen: SCREENS.overview,
    path: paths.overview,
    step: 'ApplicationOverview',
    titleKey: STEP_TITLE_KEYS.ApplicationOverview,
    labelKey: 'APPLICATION.STEPPER.OVERVIEW',
  },
];

export const stepScreenIndexOfPath = (pathname: string): number => STEP_SCREENS.findIndex((screen) => screen.path === pathname.replace(/\/$/, ''));

export const stepScreenIndexOfStep = (step: string): number => STEP_SCREENS.findIndex((screen) => screen.screen === stepToScreen(step));

/**
 * Where the user must go instead of `pathname`, or null to stay. The
 * server-given step decides (docs/requirements.md section 2): going back to a
 * completed step is fine, going past the current one is not.
 */
export function redirectFor(application: Pick<ApplicationView, 'currentStep' | 'status' | 'reopenedSteps'>, pathname: string): string | null {
  if (application.status === 'SUPERSEDED') return errorPaths.applicationSuperseded;
  if (application.status === 'CANCELLED') return paths.chooseCompany;
  // Reopened by the bank: coming in without a step (the company choice, a new sign-in), the applicant reads the
  // bank's request on the status page first; its button opens the reopened step.
  if (application.reopenedSteps?.length && pathname.replace(/\/$/, '') === paths.application) return paths.success;
  const currentIndex = stepScreenIndexOfStep(application.currentStep);
  const current = STEP_SCREENS[currentIndex];
  // Submitted, visit the bank, or a step this app does not know: that screen, not a form.
  if (!current) return screenPath(stepToScreen(application.currentStep));
  const viewedIndex = stepScreenIndexOfPath(pathname);
  if (viewedIndex === -1 || viewedIndex > currentIndex) return current.path;
  // The bank reopened some steps only: the others stay as signed, so their forms (which would autosave) are not offered.
  const viewed = STEP_SCREENS[viewedIndex];
  if (viewed && !isStepReopened(application.reopenedSteps, viewed.step)) return current.path;
  return null;
}

/**
 * Each step's state in the stepper: `completed` before the step the application is at (it may be opened again),
 * `furthest` at it, `upcoming` after it. While the bank's request for more information is answered, a step it did not
 * reopen is `kept`: done, as signed, and not to be opened; one it reopened that the applicant has not reached yet is
 * `reopened`, to be filled in again, not unstarted.
 */
export type StepState = 'completed' | 'furthest' | 'upcoming' | 'kept' | 'reopened';

export function stepStatesOf(application: Pick<ApplicationView, 'currentStep' | 'reopenedSteps'>): StepState[] {
  const currentIndex = stepScreenIndexOfStep(application.currentStep);
  const reopenedSteps = application.reopenedSteps ?? null;
  return STEP_SCREENS.map((screen, index) => {
    if (!isStepReopened(reopenedSteps, screen.step)) return 'kept';
    if (index < currentIndex) return 'completed';
    if (index === currentIndex) return 'furthest';
    return reopenedSteps?.includes(screen.step) ? 'reopened' : 'upcoming';
  });
}

/** The overview screen fills AdditionalData or ApplicationOverview, whichever the server is at. */
export function stepOfScreen(screen: StepScreen, currentStep: Step): Step {
  return screen.screen === SCREENS.overview && currentStep === 'AdditionalData' ? 'AdditionalData' : screen.step;
}
