import { useSyncExternalStore } from 'react';

// A phone or tablet: a finger, no hover. SK's guidance offers the app's link first there, and the QR code second.
const TOUCH_QUERY = '(hover: none) and (pointer: coarse)';

const query = () => (typeof window === 'undefined' || typeof window.matchMedia !== 'function' ? null : window.matchMedia(TOUCH_QUERY));

export function useIsTouchDevice(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = query();
      list?.addEventListener('change', listener);
      return () => list?.removeEventListener('change', listener);
    },
    () => query()?.matches ?? false,
    // The prerendered sign-in screen is a computer's; a phone's replaces it when the page hydrates.
    () => false,
  );
}
