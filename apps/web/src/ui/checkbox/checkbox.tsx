import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../class-names';
import { FieldError, FieldHint, useField } from '../field';
import { Icon } from '../icon';
import styles from './checkbox.module.css';

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'size'> & {
  label: ReactNode;
  hint?: ReactNode;
  /** Already translated; shown only once the field is touched. */
  error?: string;
  /** See useField: pass `fieldState.isTouched || formState.isSubmitted`; undefined tracks blur internally. */
  isTouched?: boolean;
  className?: string;
};

export function Checkbox({ label, hint, error, isTouched, className, id, onBlur, 'aria-describedby': describedBy, ref, ...rest }: CheckboxProps) {
  const field = useField({ id, hasHint: hint !== undefined, error, isTouched, describedBy });
  return (
    <div className={cx(styles.checkbox, className)}>
      <div className={styles.row}>
        <span className={styles.boxWrap}>
          <input
            ref={ref}
            id={field.fieldId}
            type="checkbox"
            className={cx(styles.box, field.isErrorShown && styles.invalid)}
            aria-invalid={field.isErrorShown || undefined}
            aria-describedby={field.ariaDescribedBy}
            onBlur={(event) => {
              field.markTouched();
              onBlur?.(event);
            }}
            {...rest}
          />
          <Icon name="checkboxCheck" size="small" className={styles.mark} />
        </span>
        <label htmlFor={field.fieldId} className={styles.label}>
          {label}
        </label>
      </div>
      {hint !== undefined && (
        <FieldHint id={field.hintId} className={styles.indented}>
          {hint}
        </FieldHint>
      )}
      <FieldError id={field.errorId} error={error} isShown={field.isErrorShown} className={styles.indented} />
    </div>
  );
}
