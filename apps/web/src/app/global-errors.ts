import { ApiError, NetworkError } from '../lib/api-errors';

/**
 * The global API error state of docs/requirements.md sections 2 and 8. Queries
 * and mutations report their failures here (query-client.ts);
 * GlobalErrorNotifier turns them into toasts and the global error dialog.
 *
 * - A network failure: the network toast.
 * - A 500-599 answer: the general error toast with the support contacts, unless the screen claimed its code
 *   (the choose-company screen says in place that the Business Register does not answer).
 * - 401/403: nothing; lib/api-client.ts has already logged the user out.
 * - Anything else the screen did not claim (meta.handledErrorCodes, or
 *   meta.isErrorShownInPlace): the global error dialog, once, until closed.
 */
export type GlobalToast = 'network' | 'server';

type State = { isDialogOpen: boolean };

export type ErrorMeta = {
  /** API error codes the screen shows itself, e.g. VALIDATION_FAILED on a form. */
  handledErrorCodes?: readonly string[];
  /** The screen shows every client error in place; only the toasts stay global. */
  isErrorShownInPlace?: boolean;
};

// A burst of failing calls (several queries on one screen) is one event to the user.
const TOAST_REPEAT_AFTER_MS = 2000;

let state: State = { isDialogOpen: false };
const stateListeners = new Set<() => void>();
const toastListeners = new Set<(toast: GlobalToast) => void>();
const lastToastAt = new Map<GlobalToast, number>();

function setState(next: State) {
  state = next;
  for (const listener of stateListeners) listener();
}

function showToast(toast: GlobalToast, now: number) {
  const last = lastToastAt.get(toast);
  if (last !== undefined && now - last < TOAST_REPEAT_AFTER_MS) return;
  lastToastAt.set(toast, now);
  for (const listener of toastListeners) listener(toast);
}

function readMeta(meta: Record<string, unknown> | undefined): ErrorMeta {
  const codes = meta?.handledErrorCodes;
  return {
    handledErrorCodes: Array.isArray(codes) ? codes.filter((code): code is string => typeof code === 'string') : [],
    isErrorShownInPlace: meta?.isErrorShownInPlace === true,
  };
}

/** Called by the query and mutation caches for every failure that has used up its retries. */
export function reportGlobalError(error: unknown, rawMeta?: Record<string, unknown>, now = Date.now()): void {
  if (error instanceof NetworkError) {
    showToast('network', now);
    return;
  }
  if (error instanceof ApiError) {
    if (error.status >= 500 && error.status <= 599) {
      if (readMeta(rawMeta).handledErrorCodes?.includes(error.code)) return;
      showToast('server', now);
      return;
    }
    if (error.status === 401 || error.status === 403) return;
  }
  if (error instanceof DOMException && error.name === 'AbortError') return;
  const meta = readMeta(rawMeta);
  if (meta.isErrorShownInPlace) return;
  if (error instanceof ApiError && meta.handledErrorCodes?.includes(error.code)) return;
  // docs/requirements.md section 2: closable once; a second error while it is open does not stack another.
  if (!state.isDialogOpen) setState({ isDialogOpen: true });
}

/** docs/requirements.md section 2: closing the dialog also clears the global error state. */
export function clearGlobalError(): void {
  setState({ isDialogOpen: false });
  lastToastAt.clear();
}

export const readGlobalErrorState = (): State => state;

export function subscribeToGlobalErrorState(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

export function onGlobalToast(listener: (toast: GlobalToast) => void): () => void {
  toastListeners.add(listener);
  return () => toastListeners.delete(listener);
}
