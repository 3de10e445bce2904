import type { ReactNode } from 'react';
import { useIsHydrated } from '../../lib/use-is-hydrated';
import styles from './authentication-page.module.css';

/**
 * The sign-in controls, disabled in the server's HTML until the page's script has hydrated them. A choice
 * made before would be lost or half kept (the DOM changed, the component's state not), and a form sent
 * before would go out as a GET with the personal code in the address.
 */
export function ControlsUntilHydrated({ children }: { children: ReactNode }) {
  const isHydrated = useIsHydrated();
  return (
    <fieldset className={styles.controls} disabled={!isHydrated}>
      {children}
    </fieldset>
  );
}
