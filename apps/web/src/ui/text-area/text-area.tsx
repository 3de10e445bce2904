import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../class-names';
import { FieldError, FieldHint, fieldStyles, useField } from '../field';
import styles from './text-area.module.css';

export type TextAreaProps = Omit<ComponentPropsWithRef<'textarea'>, 'className'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  isTouched?: boolean;
};

/** A multi-line text field that reads like ui/Input: label, hint, error after touch, announced. */
export function TextArea({ label, hint, error, isTouched, id, onBlur, ref, ...rest }: TextAreaProps) {
  const field = useField({ id, hasHint: hint !== undefined, error, isTouched });
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={field.fieldId} className={fieldStyles.label}>
        {label}
      </label>
      {hint !== undefined && <FieldHint id={field.hintId}>{hint}</FieldHint>}
      <textarea
        ref={ref}
        id={field.fieldId}
        rows={4}
        className={cx(styles.textArea, field.isErrorShown && styles.textAreaInvalid)}
        aria-invalid={field.isErrorShown || undefined}
        aria-describedby={field.ariaDescribedBy}
        onBlur={(event) => {
          field.markTouched();
          onBlur?.(event);
        }}
        {...rest}
      />
      <FieldError id={field.errorId} error={error} isShown={field.isErrorShown} />
    </div>
  );
}
