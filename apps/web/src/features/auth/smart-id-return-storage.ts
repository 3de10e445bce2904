/**
 * A Web2App sign-in's verifier, kept where the tab the Smart-ID app opens can read it: the app often returns to
 * a new tab, which has its own session storage but shares this browser's local storage. It lives only until the
 * return (or the next start), and is no use without the HttpOnly cookie and the one-time value the server checks.
 */
const KEY = 'smartIdReturn';

export type SmartIdReturn = { authenticationSessionId: string; codeVerifier: string; clientState: string };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function rememberSmartIdReturn(value: SmartIdReturn): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(value));
  } catch {
    // Storage full or refused: the return then explains that this browser cannot finish the sign-in.
  }
}

export function readSmartIdReturn(): SmartIdReturn | null {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { authenticationSessionId, codeVerifier, clientState } = value as Record<string, unknown>;
    if (typeof authenticationSessionId !== 'string' || typeof codeVerifier !== 'string' || typeof clientState !== 'string') return null;
    return { authenticationSessionId, codeVerifier, clientState };
  } catch {
    return null;
  }
}

export function forgetSmartIdReturn(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
