import type { Step } from '@onboarding/domain';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../lib/api-errors';
import { saveDraft } from './api/save-draft';
import { useApplicationLayout, type ApplicationLayoutValue } from './application-context';

/** How long typing must pause before the draft is saved. */
export const DRAFT_DEBOUNCE_MS = 1500;

/**
 * Autosaves a step's input as a draft (PUT drafts/:step): DRAFT_DEBOUNCE_MS
 * after the values stop changing, at once when the page is hidden or left
 * (a keepalive fetch, since sendBeacon cannot send the bearer token), and when
 * the browser comes back online. Each answer's version is the next write's.
 * The values' first render counts as saved: it is what the server gave.
 */
export function useStepDraft(step: Step, values: unknown, { delayMs = DRAFT_DEBOUNCE_MS }: { delayMs?: number } = {}): void {
  const layout = useApplicationLayout();
  const serialized = JSON.stringify(values ?? null);
  const layoutRef = useRef<ApplicationLayoutValue>(layout);
  const lastSaved = useRef(serialized);
  const pending = useRef<string | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const stepRef = useRef(step);

  useEffect(() => {
    layoutRef.current = layout;
    stepRef.current = step;
  });

  const saver = useRef<{ send: (options: { keepalive: boolean; isRetry?: boolean }) => Promise<void> } | null>(null);
  saver.current ??= {
    send: async ({ keepalive, isRetry = false }) => {
      const context = layoutRef.current;
      if (!keepalive && inFlight.current) await inFlight.current;
      const body = pending.current;
      if (body === null) return;
      if (!keepalive && !navigator.onLine) {
        context.setSaveState('offline');
        return;
      }
      pending.current = null;
      context.setSaveState('saving');
      const request = saveDraft({ processId: context.processId, step: stepRef.current, version: context.getVersion(), data: JSON.parse(body) as unknown, keepalive });
      const run = (async () => {
        try {
          const { version } = await request;
          lastSaved.current = body;
          layoutRef.current.setVersion(version);
          layoutRef.current.setIsStale(false);
          layoutRef.current.setSaveState(pending.current === null ? 'saved' : 'saving');
        } catch (error) {
          // Newer input waiting wins; otherwise this input is still to be saved.
          pending.current ??= body;
          if (error instanceof ApiError && error.code === 'STALE_VERSION' && !isRetry && !keepalive) {
            // Another tab or device wrote meanwhile: take its version and save what this page shows.
            layoutRef.current.setIsStale(true);
            await layoutRef.current.reload();
            inFlight.current = null;
            await saver.current?.send({ keepalive: false, isRetry: true });
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

  // Debounce: every change restarts the wait.
  useEffect(() => {
    if (serialized === lastSaved.current) {
      pending.current = null;
      return;
    }
    pending.current = serialized;
    const timer = window.setTimeout(() => void saver.current?.send({ keepalive: false }), delayMs);
    return () => window.clearTimeout(timer);
  }, [serialized, delayMs]);

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
