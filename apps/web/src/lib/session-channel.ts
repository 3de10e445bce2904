/**
 * docs/requirements.md section 4 single-sign-on events, shared by the tabs of
 * one browser over a BroadcastChannel. Each message names the session (the
 * token's sid), so a tab acts only on news about its own session.
 */
export type SessionChannelMessage =
  | { type: 'activity'; sid: string; at: number }
  | { type: 'expires-soon'; sid: string; expiresAt: number }
  | { type: 'expired'; sid: string }
  | { type: 'logout'; sid: string }
  /** Refresh tokens rotate: a tab that refreshed hands the new pair on, or the others would hold a dead one. */
  | { type: 'tokens'; sid: string; accessToken: string; refreshToken: string };

const CHANNEL_NAME = 'onboarding-session';

let channel: BroadcastChannel | null | undefined;
const listeners = new Set<(message: SessionChannelMessage) => void>();

function openChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  channel?.addEventListener('message', (event: MessageEvent<SessionChannelMessage>) => {
    for (const listener of listeners) listener(event.data);
  });
  return channel;
}

export function postSessionMessage(message: SessionChannelMessage): void {
  try {
    openChannel()?.postMessage(message);
  } catch {
    // A closed channel (page unloading) has no one left to tell.
  }
}

export function onSessionMessage(listener: (message: SessionChannelMessage) => void): () => void {
  openChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
