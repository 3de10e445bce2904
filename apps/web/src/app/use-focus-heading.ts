import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a route change, focus goes to the new screen's heading, so a screen
 * reader starts reading there and a keyboard user continues from it. The first
 * screen keeps the browser's own start, where the skip link comes first.
 */
export function useFocusHeadingOnNavigation(mainId: string): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById(mainId);
    const heading = main?.querySelector<HTMLElement>('h1') ?? main;
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }, [pathname, mainId]);
}
