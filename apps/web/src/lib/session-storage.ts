/**
 * docs/requirements.md section 3: the tokens, the process id and the clock
 * offset live in session storage under exactly these keys; beside them, the
 * token of an invitation link opened before signing in (decision 39), so the
 * sign-in leads back to it, and the last sign-in attempt by personal code (its
 * method and what was typed), so "Try again" after a refusal starts from it;
 * where a mailed link pointed (returnTo), and what a session that ended without
 * a logout left for the next sign-in (endedSession, decision 45: lib/sign-in-return.ts), and
 * what stops the person whatever the company, as the server answered it once for the session (personOutcome,
 * decision 46).
 * Nothing else touches them.
 */
export const SESSION_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  processId: 'processId',
  clockOffset: 'clockOffset',
  invitationToken: 'invitationToken',
  signInAttempt: 'signInAttempt',
  returnTo: 'returnTo',
  endedSession: 'endedSession',
  personOutcome: 'personOutcome',
} as const;

export type SessionKey = keyof typeof SESSION_KEYS;

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readSessionValue(key: SessionKey): string | null {
  try {
    return storage()?.getItem(SESSION_KEYS[key]) ?? null;
  } catch {
    return null;
  }
}

/** Writes several values at once and notifies subscribers once; null removes a key. */
export function writeSessionValues(values: Partial<Record<SessionKey, string | null>>): void {
  const store = storage();
  for (const [key, value] of Object.entries(values) as [SessionKey, string | null][]) {
    try {
      if (value === null) store?.removeItem(SESSION_KEYS[key]);
      else store?.setItem(SESSION_KEYS[key], value);
    } catch {
      // Private browsing may refuse storage; the session then lasts for this page only.
    }
  }
  for (const listener of listeners) listener();
}

export function readClockOffset(): number {
  const offset = Number(readSessionValue('clockOffset'));
  return Number.isFinite(offset) ? offset : 0;
}

/** Forgets the tokens; the process id stays unless asked for (docs/requirements.md section 6 clears it on 401/403). */
export function clearSessionTokens({ isProcessIdCleared = false } = {}): void {
  writeSessionValues({
    accessToken: null,
    refreshToken: null,
    clockOffset: null,
    personOutcome: null,
    ...(isProcessIdCleared ? { processId: null } : {}),
  });
}

/** For useSyncExternalStore. */
export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
