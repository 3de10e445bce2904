import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** SPEC.md section 2: scroll restoration is delayed 500 ms, so the new screen has rendered first. */
export const SCROLL_RESTORATION_DELAY_MS = 500;

export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(() => window.scrollTo({ top: 0 }), SCROLL_RESTORATION_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  return null;
}
