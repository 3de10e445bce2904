import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False in the server's HTML and while the browser hydrates it, true from then on (and at once when the
 * browser renders without server HTML). A form in the server's HTML would submit itself, fields in the
 * address, if sent before its script runs: its submit button stays disabled until then.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
