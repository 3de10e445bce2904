import { INACTIVITY_TIMEOUT_MS, SESSION_TICK_MS, SSO_EXPIRY_DIFFERENCE_MS, TOKEN_REFRESH_EVERY_TICKS } from '@onboarding/domain';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { hasLiveAccessToken, readAccessTokenClaims, refreshSession, storeTokens } from '../../lib/auth-session';
import { onSessionMessage, postSessionMessage, type SessionChannelMessage } from '../../lib/session-channel';
import { onSessionEnded, type SessionEndReason } from '../../lib/session-events';
import { readClockOffset } from '../../lib/session-storage';
import { ACTIVITY_BROADCAST_INTERVAL_MS, isTokenExpiringSoon, readSessionClock, type SessionPhase } from './session-clock';
import { SessionWarningModal } from './session-warning-modal';
import { useEndSession } from './use-end-session';

// docs/requirements.md section 4 does not list the events; these are what a pointer, a key, scrolling and
// touch produce.
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

/**
 * The signed-in session of docs/requirements.md section 4: a tick every second,
 * a token refresh check every ten ticks while the user is active, the
 * inactivity timeout with its warning, and the single-sign-on events shared
 * with the other tabs of the same session. Rendered by the signed-in layout.
 */
export function SessionMonitor() {
  const endSession = useEndSession();
  const lastActivityAt = useRef(0);
  const phaseRef = useRef<SessionPhase>('active');
  const [view, setView] = useState<{ phase: SessionPhase; remainingMs: number }>({ phase: 'active', remainingMs: Number.POSITIVE_INFINITY });
  const isEnding = useRef(false);

  const end = (reason: SessionEndReason, isOrigin = true) => {
    if (isEnding.current) return;
    isEnding.current = true;
    phaseRef.current = 'expired';
    setView({ phase: 'expired', remainingMs: 0 });
    void endSession(reason, { isOrigin });
  };

  const sid = () => readAccessTokenClaims()?.sid;

  const lastBroadcastAt = useRef(0);
  const broadcastActivity = (isForced: boolean) => {
    const id = sid();
    const at = lastActivityAt.current;
    if (!id || (!isForced && at - lastBroadcastAt.current < ACTIVITY_BROADCAST_INTERVAL_MS)) return;
    lastBroadcastAt.current = at;
    postSessionMessage({ type: 'activity', sid: id, at });
  };

  /** `isAnnounced`: a warning this tab opens on its own clock is news for the others; one it heard of is not. */
  const update = (now: number, isAnnounced = true) => {
    const clock = readSessionClock(lastActivityAt.current, now);
    const previous = phaseRef.current;
    if (clock.phase === 'expired') {
      end('expired');
      return clock;
    }
    phaseRef.current = clock.phase;
    const id = sid();
    if (isAnnounced && clock.phase === 'warning' && previous !== 'warning' && id)
      postSessionMessage({ type: 'expires-soon', sid: id, expiresAt: clock.expiresAt });
    setView({ phase: clock.phase, remainingMs: clock.remainingMs });
    return clock;
  };

  const checkToken = async (now: number) => {
    const claims = readAccessTokenClaims();
    if (!claims) {
      end('expired');
      return;
    }
    if (!isTokenExpiringSoon(claims.exp, readClockOffset(), now)) return;
    const result = await refreshSession();
    // A server that cannot be reached gets another chance at the next check, while the token lasts.
    if (result === 'rejected' || (result === 'unavailable' && !hasLiveAccessToken())) end('expired');
  };

  const onActivity = useEffectEvent(() => {
    // While the warning is open only its Yes counts; a stray mouse movement must not dismiss it unseen.
    if (phaseRef.current !== 'active') return;
    lastActivityAt.current = Date.now();
    broadcastActivity(false);
  });

  const continueSession = () => {
    lastActivityAt.current = Date.now();
    broadcastActivity(true);
    update(Date.now());
    void checkToken(Date.now());
  };

  const onMessage = useEffectEvent((message: SessionChannelMessage) => {
    if (message.sid !== sid()) return;
    switch (message.type) {
      case 'activity':
        lastActivityAt.current = Math.max(lastActivityAt.current, message.at);
        update(Date.now());
        return;
      case 'expires-soon': {
        const now = Date.now();
        // Too late to warn: the other tab's "expired" follows.
        if (message.expiresAt <= now) return;
        const own = readSessionClock(lastActivityAt.current, now);
        // This tab saw activity the other did not: tell it, and its warning closes.
        if (own.expiresAt > message.expiresAt + SSO_EXPIRY_DIFFERENCE_MS) {
          broadcastActivity(true);
          return;
        }
        // The session expires soon here too: the warning opens with the other tab's expiry time, and the
        // activity that closes it there (its Yes) closes it here.
        lastActivityAt.current = message.expiresAt - INACTIVITY_TIMEOUT_MS;
        update(now, false);
        return;
      }
      case 'expired':
        end('expired', false);
        return;
      case 'logout':
        end('logout', false);
        return;
      case 'tokens':
        storeTokens({ accessToken: message.accessToken, refreshToken: message.refreshToken });
        return;
    }
  });

  const ticks = useRef(0);
  const onTick = useEffectEvent(() => {
    const now = Date.now();
    const clock = update(now);
    ticks.current += 1;
    if (clock.phase === 'active' && ticks.current % TOKEN_REFRESH_EVERY_TICKS === 0) void checkToken(now);
  });

  const onEnded = useEffectEvent((reason: SessionEndReason) => end(reason));

  useEffect(() => {
    isEnding.current = false;
    lastActivityAt.current = Date.now();
    const timer = window.setInterval(() => onTick(), SESSION_TICK_MS);
    const listener = () => onActivity();
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, listener, { passive: true, capture: true });
    const stopMessages = onSessionMessage((message) => onMessage(message));
    const stopEnded = onSessionEnded((reason) => onEnded(reason));
    return () => {
      window.clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, listener, { capture: true });
      stopMessages();
      stopEnded();
    };
  }, []);

  return <SessionWarningModal isOpen={view.phase === 'warning'} remainingMs={view.remainingMs} onContinue={continueSession} onLogout={() => end('logout')} />;
}
