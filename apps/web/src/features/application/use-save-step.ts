import { stepToScreen, type ApplicationView, type FieldIssue } from '@onboarding/domain';
import { useLocation, useNavigate } from 'react-router';
import { screenPath } from '../../lib/paths';
import { ApiError } from '../../lib/api-errors';
import { writeUnsavedEdits } from '../../lib/unsaved-edits';
import { useSaveStepMutation } from './api/save-step';
import { useApplicationLayout } from './application-context';
import { STEP_SCREENS, stepScreenIndexOfStep } from './application-steps';

export type SaveStepResult =
  | { status: 'saved'; application: ApplicationView }
  /** 400 VALIDATION_FAILED: put `fields` on the form (lib/form-errors.ts). */
  | { status: 'invalid'; fields: FieldIssue[] }
  /** 409 STALE_VERSION or COMPANY_MISMATCH: the latest application is loaded and merged into the form (see useStepDraft); the user saves again. */
  | { status: 'stale' }
  /** Anything else; the global error handling has told the user. */
  | { status: 'failed' };

/**
 * Where to go after saving `saved`: the screen after it, so going back to an
 * earlier step and pressing Continue walks on step by step. The server's step
 * is the furthest one reached and caps it (a reopened step comes first), and a
 * step outside the five screens (submitted, visit the bank) is its own screen.
 */
export function pathAfterSaving(saved: string, currentStep: string): string {
  const currentIndex = stepScreenIndexOfStep(currentStep);
  const current = STEP_SCREENS[currentIndex];
  if (!current) return screenPath(stepToScreen(currentStep));
  const savedIndex = stepScreenIndexOfStep(saved);
  if (savedIndex === -1) return current.path;
  return STEP_SCREENS[Math.min(savedIndex + 1, currentIndex)]!.path;
}

/**
 * Saves the current screen's step (PUT steps/:step) with the version the
 * layout holds, and on success opens the next screen (pathAfterSaving).
 */
export function useSaveStep() {
  const layout = useApplicationLayout();
  const navigate = useNavigate();
  const location = useLocation();
  const mutation = useSaveStepMutation();

  const save = async (data: unknown): Promise<SaveStepResult> => {
    const { processId, step, getVersion, setApplication, setIsStale, reload, discardDraft, reconcileDraft } = layout;
    // The step's data replaces its draft; a draft save still under way must finish first, for its version.
    await discardDraft();
    try {
      const application = await mutation.mutateAsync({ processId, step, version: getVersion(), data });
      setApplication(application);
      setIsStale(false);
      // The saved step is what the server holds now: nothing of it is left unsaved.
      writeUnsavedEdits(processId, step, null);
      const next = pathAfterSaving(step, application.currentStep);
      // Saving the overview stays on the overview: no second history entry for the same screen.
      await navigate(next, { replace: location.pathname.replace(/\/$/, '') === next.replace(/\/$/, '') });
      return { status: 'saved', application };
    } catch (error) {
      // Stale, or naming another company than the application's (changed meanwhile by the register): load the latest.
      if (error instanceof ApiError && (error.code === 'STALE_VERSION' || error.code === 'COMPANY_MISMATCH')) {
        setIsStale(true);
        const latest = await reload();
        // What the other window saved is merged into the form, or the conflict view asks which to keep.
        if (latest) reconcileDraft(latest);
        return { status: 'stale' };
      }
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') return { status: 'invalid', fields: error.fields };
      return { status: 'failed' };
    }
  };

  return { save, isSaving: mutation.isPending };
}
