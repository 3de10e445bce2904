import type { ApplicationView, RegisterChange, Step } from '@onboarding/domain';
import { createContext, useContext } from 'react';
import type { StepScreen } from './application-steps';
import type { DraftConflict } from './conflict/draft-conflict';

/** What the application layout shows about saving: docs/requirements.md section 2 asks for saved, saving and offline. */
export type SaveState = 'saved' | 'saving' | 'offline' | 'failed';

/** The step screen's autosave, which the layout finishes before it acts on the application itself. */
export type DraftControl = {
  /** Sends what is still unsaved now and waits for it. */
  flush: () => Promise<void>;
  /** Drops what is unsaved and waits for a save under way (a step save replaces the draft). */
  discard: () => Promise<void>;
  /** After a write was refused as stale: merges what the reloaded application holds with what the page shows. */
  reconcile: (application: ApplicationView) => void;
};

/**
 * The application layout's context: what every step screen reads and calls.
 * Step screens use it through useApplicationLayout(), useStepDraft() and
 * useSaveStep(); a reload never resets their forms, so what the user typed stays.
 */
export type ApplicationLayoutValue = {
  processId: string;
  /** The application as last loaded or saved. */
  application: ApplicationView;
  /** The screen in the address, and the step it saves. */
  stepScreen: StepScreen;
  step: Step;
  /** The version the next write must carry (the latest answer's; a stale one gets 409). */
  getVersion: () => number;
  setVersion: (version: number) => void;
  /** Puts a step save's answer in place of the loaded application. */
  setApplication: (application: ApplicationView) => void;
  /** Loads the application again, e.g. after 409 STALE_VERSION; resolves with it once it is in. */
  reload: () => Promise<ApplicationView | undefined>;
  saveState: SaveState;
  setSaveState: (state: SaveState) => void;
  isOnline: boolean;
  /** A write was refused as stale: the layout says so calmly until the next save succeeds. */
  isStale: boolean;
  setIsStale: (isStale: boolean) => void;
  /** What the Business Register changed when signing was about to start; shown until the application is back at the overview. */
  registerChanges: readonly RegisterChange[] | null;
  setRegisterChanges: (changes: readonly RegisterChange[] | null) => void;
  /** The step screen's autosave registers here; null on unmount. */
  registerDraft: (control: DraftControl | null) => void;
  /** The registered autosave's flush and discard; nothing to do without one. */
  flushDraft: () => Promise<void>;
  discardDraft: () => Promise<void>;
  /** The registered autosave's reconcile; nothing to do without one. */
  reconcileDraft: (application: ApplicationView) => void;
  /** Opens the conflict view over the step (null closes it): the fields another window changed too. */
  showConflict: (conflict: DraftConflict | null) => void;
};

export const ApplicationLayoutContext = createContext<ApplicationLayoutValue | null>(null);

export function useApplicationLayout(): ApplicationLayoutValue {
  const value = useContext(ApplicationLayoutContext);
  if (!value) throw new Error('useApplicationLayout must be used inside the application layout.');
  return value;
}
