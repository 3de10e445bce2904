import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SCROLL_RESTORATION_DELAY_MS } from '@onboarding/domain';

/** docs/requirements.md section 2: scroll restoration is delayed, so the new screen has rendered first. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(() => window.scrollTo({ top: 0 }), SCROLL_RESTORATION_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  return null;
}
