import type { Step } from '@onboarding/domain';

/**
 * A step's edits the server has not confirmed yet, kept in this tab's session
 * storage so that a reload, or a closed tab the browser reopens, brings them
 * back. Never local storage: that outlives the session on a shared computer.
 * Logging out clears them (clearAllUnsavedEdits).
 */
export type UnsavedEdits = {
  /** The step's values as the server held them when the edits began (JSON): the base of a three-way merge. */
  base: string;
  /** The values the page showed (JSON). */
  mine: string;
};

const PREFIX = 'unsavedEdits:';
const keyOf = (processId: string, step: Step) => `${PREFIX}${processId}:${step}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readUnsavedEdits(processId: string, step: Step): UnsavedEdits | null {
  try {
    const stored = storage()?.getItem(keyOf(processId, step));
    if (!stored) return null;
    const parsed = JSON.parse(stored) as Partial<UnsavedEdits>;
    return typeof parsed.base === 'string' && typeof parsed.mine === 'string' ? { base: parsed.base, mine: parsed.mine } : null;
  } catch {
    return null;
  }
}

export function writeUnsavedEdits(processId: string, step: Step, edits: UnsavedEdits | null): void {
  try {
    if (edits === null) storage()?.removeItem(keyOf(processId, step));
    else storage()?.setItem(keyOf(processId, step), JSON.stringify(edits));
  } catch {
    // Private browsing or a full storage: the edits then live as long as the page, as before.
  }
}

const dialogKeyOf = (processId: string, step: Step) => `${keyOf(processId, step)}:dialog`;

/**
 * The same for a dialog open on a step (the related persons step's person
 * dialog): what it edits and what was typed in it, until it is saved or
 * cancelled, so that a reload can open it again as it was. Same prefix, so
 * logging out clears it too.
 */
export function readUnsavedDialog(processId: string, step: Step): unknown {
  try {
    const stored = storage()?.getItem(dialogKeyOf(processId, step));
    return stored ? (JSON.parse(stored) as unknown) : null;
  } catch {
    return null;
  }
}

export function writeUnsavedDialog(processId: string, step: Step, dialog: unknown): void {
  try {
    if (dialog === null || dialog === undefined) storage()?.removeItem(dialogKeyOf(processId, step));
    else storage()?.setItem(dialogKeyOf(processId, step), JSON.stringify(dialog));
  } catch {
    // Private browsing or a full storage: the dialog's input lives as long as the page.
  }
}

export function clearAllUnsavedEdits(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, index) => store.key(index)).filter((key): key is string => key?.startsWith(PREFIX) ?? false);
    for (const key of keys) store.removeItem(key);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
