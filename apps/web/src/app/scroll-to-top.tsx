import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SCROLL_RESTORATION_DELAY_MS } from '@onboarding/domain';

// A person who has already clicked, typed or scrolled on the new screen has started on it: it is not moved under them.
const USER_INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** docs/requirements.md section 2: scroll restoration is delayed, so the new screen has rendered first. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    const cancel = () => {
      window.clearTimeout(timer);
      for (const type of USER_INPUT_EVENTS) window.removeEventListener(type, cancel, true);
    };
    const timer = window.setTimeout(() => {
      cancel();
      window.scrollTo({ top: 0 });
    }, SCROLL_RESTORATION_DELAY_MS);
    for (const type of USER_INPUT_EVENTS) window.addEventListener(type, cancel, { capture: true, passive: true });
    return cancel;
  }, [pathname]);
  return null;
}
