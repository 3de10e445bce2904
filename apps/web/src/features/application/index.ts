/** What the step screens use from the application layout. */
export { useApplicationLayout, type ApplicationLayoutValue, type SaveState } from './application-context';
export { STEP_SCREENS, type StepScreen } from './application-steps';
export { StepActions, type StepActionsProps } from './step-actions';
export { useSaveStep, type SaveStepResult } from './use-save-step';
export { DRAFT_DEBOUNCE_MS, useStepDraft } from './use-step-draft';
