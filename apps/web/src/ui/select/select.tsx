import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../class-names';
import { FieldError, FieldHint, fieldStyles, useField } from '../field';
import { Icon } from '../icon';
import styles from './select.module.css';

export type SelectOption = {
  value: string;
  /** Already translated. */
  label: string;
  isDisabled?: boolean;
};

export type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'children' | 'size' | 'multiple'> & {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A translated "choose one" text shown as an empty first option. */
  placeholder?: string;
  hint?: ReactNode;
  /** Already translated; shown only once the field is touched. */
  error?: string;
  /** See useField: pass `fieldState.isTouched || formState.isSubmitted`; undefined tracks blur internally. */
  isTouched?: boolean;
  isLabelHidden?: boolean;
  className?: string;
};

export function Select({
  label,
  options,
  placeholder,
  hint,
  error,
  isTouched,
  isLabelHidden = false,
  className,
  id,
  onBlur,
  'aria-describedby': describedBy,
  ref,
  ...rest
}: SelectProps) {
  const field = useField({ id, hasHint: hint !== undefined, error, isTouched, describedBy });
  return (
    <div className={cx(fieldStyles.field, className)}>
      <label htmlFor={field.fieldId} className={cx(fieldStyles.label, isLabelHidden && 'visually-hidden')}>
        {label}
      </label>
      {hint !== undefined && <FieldHint id={field.hintId}>{hint}</FieldHint>}
      <div className={styles.control}>
        <select
          ref={ref}
          id={field.fieldId}
          className={cx(styles.select, field.isErrorShown && styles.invalid)}
          aria-invalid={field.isErrorShown || undefined}
          aria-describedby={field.ariaDescribedBy}
          onBlur={(event) => {
            field.markTouched();
            onBlur?.(event);
          }}
          {...rest}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.isDisabled}>
              {option.label}
            </option>
          ))}
        </select>
        <Icon name="chevronDown" size="medium-light" className={styles.chevron} />
      </div>
      <FieldError id={field.errorId} error={error} isShown={field.isErrorShown} />
    </div>
  );
}
