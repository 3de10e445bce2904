import { useEffect, useRef } from 'react';

/** Focuses the element once it appears, so a screen reader starts reading there (give it tabIndex -1). */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
