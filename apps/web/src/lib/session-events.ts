/** Why a session ended; the session feature turns each into navigation and a toast. */
export type SessionEndReason = 'logout' | 'expired' | 'unauthorized';

const listeners = new Set<(reason: SessionEndReason) => void>();

export function onSessionEnded(listener: (reason: SessionEndReason) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionEnded(reason: SessionEndReason): void {
  for (const listener of listeners) listener(reason);
}
