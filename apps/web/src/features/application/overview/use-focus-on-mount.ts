import { useEffect, useRef } from 'react';

/**
 * Focuses the element once it appears, so a screen reader starts reading there (give it tabIndex -1), and brings it
 * to the top of the screen: focus alone scrolls only until the element shows, which can leave what follows it below
 * the fold.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  return ref;
}
