import type { ApplicationView, Step } from '@onboarding/domain';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-errors';
import { saveDraft } from './api/save-draft';
import { useApplicationLayout, type ApplicationLayoutValue } from './application-context';
import type { ConflictChoice } from './conflict/draft-conflict';
import { mergeDrafts, sameValue, type DraftValues } from './conflict/merge-drafts';
import { readUnsavedEdits, writeUnsavedEdits } from '../../lib/unsaved-edits';

/** How long typing must pause before the draft is saved. */
export const DRAFT_DEBOUNCE_MS = 1500;

/** How a step screen's values are read from the application and put back into its form. */
export type StepDraftSource<T> = {
  /** The values the form would start with for what the application holds; undefined when it holds nothing for the step. */
  fromApplication: (application: ApplicationView) => T | undefined;
  /** Puts values into the form: merged with another window's, chosen in the conflict view, or brought back after a reload. */
  restore: (values: T) => void;
};

/**
 * Autosaves a step's input as a draft (PUT drafts/:step): DRAFT_DEBOUNCE_MS
 * after the values stop changing, at once when the page is hidden or left
 * (a keepalive fetch, since sendBeacon cannot send the bearer token), and when
 * the browser comes back online. Each answer's version is the next write's.
 * The values' first render counts as saved: it is what the server gave.
 *
 * No edit is lost. Until the server has it, it is also kept in session
 * storage, so a reload brings it back. When another window saved first (409
 * STALE_VERSION), what it saved is merged field by field with what this page
 * shows; a field both changed opens the conflict view, and nothing is saved
 * until the user has chosen.
 */
export function useStepDraft<T>(step: Step, values: unknown, source: StepDraftSource<T>, { delayMs = DRAFT_DEBOUNCE_MS }: { delayMs?: number } = {}): void {
  const layout = useApplicationLayout();
  const serialized = JSON.stringify(values ?? null);
  const layoutRef = useRef<ApplicationLayoutValue>(layout);
  const sourceRef = useRef(source);
  const stepRef = useRef(step);
  /** What the page shows now. */
  const latest = useRef(serialized);
  /** The step's values as the server holds them, as far as this page knows. */
  const lastSaved = useRef(serialized);
  const pending = useRef<string | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  /** While the conflict view waits for the user's choice, nothing is saved. */
  const isAwaitingChoice = useRef(false);
  // Asks the debounce to look again when what the server holds changed but the page's values did not.
  const [saveRequest, setSaveRequest] = useState(0);

  useEffect(() => {
    layoutRef.current = layout;
    sourceRef.current = source;
    stepRef.current = step;
    latest.current = serialized;
  });

  const keepUnsaved = (edits: { base: string; mine: string } | null) => writeUnsavedEdits(layoutRef.current.processId, stepRef.current, edits);

  /**
   * Merges `mine` (what the page shows) with what the application holds, both grown from `base`. The result is
   * put into the form; the debounce saves it, since it differs from what the server holds.
   */
  const reconcile = useRef((base: string, mine: string, application: ApplicationView | undefined) => {
    const baseValues = JSON.parse(base) as DraftValues;
    const mineValues = JSON.parse(mine) as DraftValues;
    const held = application ? sourceRef.current.fromApplication(application) : undefined;
    const theirs = held === undefined ? baseValues : (held as DraftValues);
    lastSaved.current = JSON.stringify(theirs);
    pending.current = null;
    const { merged, conflicts } = mergeDrafts(baseValues, mineValues, theirs);
    // The values come from this form's own serialisation (or its source), so they have its shape.
    const restore = (next: DraftValues) => sourceRef.current.restore(next as T);
    // The page shows the merge at once: behind the conflict view too, with the conflicting fields as typed here.
    if (!sameValue(merged, JSON.parse(latest.current))) restore(merged);
    if (conflicts.length === 0) {
      setSaveRequest((count) => count + 1);
      return;
    }
    isAwaitingChoice.current = true;
    // Not "saving": nothing goes until the user has chosen.
    layoutRef.current.setSaveState('failed');
    layoutRef.current.showConflict({
      step: stepRef.current,
      fields: conflicts.map((key) => ({ key, mine: mineValues[key], theirs: theirs[key] })),
      resolve: (choices: Readonly<Record<string, ConflictChoice>>) => {
        const resolved = { ...merged };
        for (const key of conflicts) if (choices[key] === 'theirs') resolved[key] = theirs[key];
        isAwaitingChoice.current = false;
        layoutRef.current.showConflict(null);
        restore(resolved);
        setSaveRequest((count) => count + 1);
      },
    });
  });

  const saver = useRef<{ send: (options: { keepalive: boolean }) => Promise<void> } | null>(null);
  saver.current ??= {
    send: async ({ keepalive }) => {
      const context = layoutRef.current;
      if (!keepalive && inFlight.current) await inFlight.current;
      const body = pending.current;
      if (body === null || isAwaitingChoice.current) return;
      // Offline nothing can arrive, not even a leaving page's keepalive: session storage keeps the input meanwhile.
      if (!navigator.onLine) {
        if (!keepalive) context.setSaveState('offline');
        return;
      }
      pending.current = null;
      context.setSaveState('saving');
      const request = saveDraft({
        processId: context.processId,
        step: stepRef.current,
        version: context.getVersion(),
        data: JSON.parse(body) as unknown,
        keepalive,
      });
      const run = (async () => {
        try {
          const { version } = await request;
          lastSaved.current = body;
          if (latest.current === body) keepUnsaved(null);
          layoutRef.current.setVersion(version);
          layoutRef.current.setIsStale(false);
          layoutRef.current.setSaveState(pending.current === null ? 'saved' : 'saving');
        } catch (error) {
          // Newer input waiting wins; otherwise this input is still to be saved.
          pending.current ??= body;
          if (error instanceof ApiError && error.code === 'STALE_VERSION' && !keepalive) {
            // Another tab or device wrote meanwhile: merge what it saved with what this page shows.
            layoutRef.current.setIsStale(true);
            const application = await layoutRef.current.reload();
            reconcile.current(lastSaved.current, latest.current, application);
            return;
          }
          layoutRef.current.setSaveState(navigator.onLine ? 'failed' : 'offline');
        }
      })();
      if (keepalive) return;
      inFlight.current = run;
      await run;
      if (inFlight.current === run) inFlight.current = null;
    },
  };

  // Edits a reload (or a reopened tab) left unsaved come back, merged with anything saved since. Before the
  // debounce below, which would otherwise take the first render's values for the whole story.
  useEffect(() => {
    const unsaved = readUnsavedEdits(layoutRef.current.processId, stepRef.current);
    if (unsaved && unsaved.mine !== latest.current) reconcile.current(unsaved.base, unsaved.mine, layoutRef.current.application);
  }, []);

  // Debounce: every change restarts the wait. Until the server has the change, session storage keeps it.
  useEffect(() => {
    if (isAwaitingChoice.current) return;
    if (serialized === lastSaved.current || sameValue(JSON.parse(serialized), JSON.parse(lastSaved.current))) {
      pending.current = null;
      keepUnsaved(null);
      return;
    }
    pending.current = serialized;
    keepUnsaved({ base: lastSaved.current, mine: serialized });
    const timer = window.setTimeout(() => void saver.current?.send({ keepalive: false }), delayMs);
    return () => window.clearTimeout(timer);
  }, [serialized, delayMs, saveRequest]);

  useEffect(() => {
    const sendNow = (keepalive: boolean) => {
      if (pending.current !== null) void saver.current?.send({ keepalive });
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') sendNow(true);
    };
    const onPageHide = () => sendNow(true);
    const onOnline = () => sendNow(false);
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('online', onOnline);
    layoutRef.current.registerDraft({
      flush: async () => {
        if (pending.current !== null) await saver.current?.send({ keepalive: false });
        else if (inFlight.current) await inFlight.current;
      },
      discard: async () => {
        pending.current = null;
        if (inFlight.current) await inFlight.current;
        pending.current = null;
      },
      reconcile: (application) => reconcile.current(lastSaved.current, latest.current, application),
    });
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('online', onOnline);
      layoutRef.current.registerDraft(null);
      // Leaving the screen (Back, the stepper) must not lose the last keystrokes.
      sendNow(true);
    };
  }, []);
}
