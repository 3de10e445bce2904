import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../class-names';
import { FieldError, FieldHint, fieldStyles, useField } from '../field';
import { Icon, type IconName } from '../icon';
import styles from './input.module.css';

export const INPUT_VARIANTS = ['primary', 'bubble'] as const;
export type InputVariant = (typeof INPUT_VARIANTS)[number];

export type InputProps = Omit<ComponentPropsWithRef<'input'>, 'size'> & {
  label: ReactNode;
  variant?: InputVariant;
  hint?: ReactNode;
  /** Already translated; shown only once the field is touched. */
  error?: string;
  /** See useField: pass `fieldState.isTouched || formState.isSubmitted`; undefined tracks blur internally. */
  isTouched?: boolean;
  /** For fields whose purpose the surrounding text already shows; the label is still read out. */
  isLabelHidden?: boolean;
  leadingIcon?: IconName;
  /** A unit after the value, e.g. a currency sign; it is also read as part of the description. */
  suffix?: ReactNode;
  className?: string;
};

export function Input({
  label,
  variant = 'primary',
  hint,
  error,
  isTouched,
  isLabelHidden = false,
  leadingIcon,
  suffix,
  className,
  id,
  type = 'text',
  onBlur,
  'aria-describedby': describedBy,
  ref,
  ...rest
}: InputProps) {
  const field = useField({ id, hasHint: hint !== undefined, error, isTouched, describedBy });
  const suffixId = `${field.fieldId}-suffix`;
  return (
    <div className={cx(fieldStyles.field, className)}>
      <label htmlFor={field.fieldId} className={cx(fieldStyles.label, isLabelHidden && 'visually-hidden')}>
        {label}
      </label>
      {hint !== undefined && <FieldHint id={field.hintId}>{hint}</FieldHint>}
      <div className={cx(styles.control, variant === 'bubble' ? styles.bubble : styles.primary, field.isErrorShown && styles.invalid)}>
        {leadingIcon && <Icon name={leadingIcon} size="medium-light" className={styles.leadingIcon} />}
        <input
          ref={ref}
          id={field.fieldId}
          type={type}
          className={styles.input}
          aria-invalid={field.isErrorShown || undefined}
          aria-describedby={[field.ariaDescribedBy, suffix !== undefined && suffixId].filter(Boolean).join(' ') || undefined}
          onBlur={(event) => {
            field.markTouched();
            onBlur?.(event);
          }}
          {...rest}
        />
        {suffix !== undefined && (
          <span id={suffixId} className={styles.suffix}>
            {suffix}
          </span>
        )}
      </div>
      <FieldError id={field.errorId} error={error} isShown={field.isErrorShown} />
    </div>
  );
}
