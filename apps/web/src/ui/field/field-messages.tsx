import type { ReactNode } from 'react';
import { cx } from '../class-names';
import { Icon } from '../icon';
import styles from './field.module.css';

export function FieldHint({ id, children, className }: { id: string; children: ReactNode; className?: string }) {
  return (
    <p id={id} className={cx(styles.hint, className)}>
      {children}
    </p>
  );
}

/**
 * The live region stays mounted while empty: screen readers only announce
 * changes inside a region they already know about.
 */
export function FieldError({ id, error, isShown, className }: { id: string; error?: string; isShown: boolean; className?: string }) {
  return (
    <div id={id} aria-live="polite" className={cx(styles.errorRegion, className)}>
      {isShown && error ? (
        <p className={styles.error}>
          <Icon name="error" size="small" className={styles.errorIcon} />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
