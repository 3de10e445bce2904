import type { ChangeEvent, FocusEvent, ReactNode, Ref } from 'react';
import { cx } from '../class-names';
import { FieldError, FieldHint, fieldStyles, useField } from '../field';
import styles from './radio-group.module.css';

export type RadioOption = {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
  isDisabled?: boolean;
};

export type RadioGroupProps = {
  legend: ReactNode;
  name: string;
  options: readonly RadioOption[];
  /** Controlled value; leave undefined (and use defaultValue) for an uncontrolled group. */
  value?: string;
  defaultValue?: string;
  onChange?: (value: string, event: ChangeEvent<HTMLInputElement>) => void;
  /** Called when focus leaves the whole group, as react-hook-form's field.onBlur expects. */
  onBlur?: () => void;
  hint?: ReactNode;
  /** Already translated; shown only once the group is touched. */
  error?: string;
  /** See useField: pass `fieldState.isTouched || formState.isSubmitted`; undefined tracks blur internally. */
  isTouched?: boolean;
  isRequired?: boolean;
  isDisabled?: boolean;
  isLegendHidden?: boolean;
  orientation?: 'vertical' | 'horizontal';
  /**
   * 'tiles': each option a bordered tile, side by side where they fit (two on a phone), the chosen one filled: for
   * bands of amounts, where a column of radios would run down the screen.
   */
  variant?: 'list' | 'tiles';
  /** Goes to the checked radio (or the first), so react-hook-form can focus the group on an error. */
  ref?: Ref<HTMLInputElement>;
  id?: string;
  className?: string;
};

export function RadioGroup({
  legend,
  name,
  options,
  value,
  defaultValue,
  onChange,
  onBlur,
  hint,
  error,
  isTouched,
  isRequired = false,
  isDisabled = false,
  isLegendHidden = false,
  orientation = 'vertical',
  variant = 'list',
  ref,
  id,
  className,
}: RadioGroupProps) {
  const field = useField({ id, hasHint: hint !== undefined, error, isTouched });
  const selected = value ?? defaultValue;
  const refIndex = Math.max(
    0,
    options.findIndex((option) => option.value === selected),
  );

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    // Moving between the radios of one group is not leaving the field.
    if (event.relatedTarget instanceof Node && event.currentTarget.closest('fieldset')?.contains(event.relatedTarget)) return;
    field.markTouched();
    onBlur?.();
  };

  return (
    <fieldset
      id={field.fieldId}
      className={cx(styles.group, className)}
      aria-describedby={field.ariaDescribedBy}
      aria-invalid={field.isErrorShown || undefined}
      disabled={isDisabled}
    >
      <legend className={cx(fieldStyles.label, styles.legend, isLegendHidden && 'visually-hidden')}>{legend}</legend>
      {hint !== undefined && <FieldHint id={field.hintId}>{hint}</FieldHint>}
      <div className={cx(styles.options, orientation === 'horizontal' && styles.horizontal, variant === 'tiles' && styles.tiles)}>
        {options.map((option, index) => {
          const optionId = `${field.fieldId}-${index}`;
          const optionHintId = `${optionId}-hint`;
          return (
            <div key={option.value} className={cx(styles.option, variant === 'tiles' && styles.tile)}>
              <input
                ref={index === refIndex ? ref : undefined}
                id={optionId}
                type="radio"
                name={name}
                value={option.value}
                className={cx(styles.radio, field.isErrorShown && styles.invalid)}
                required={isRequired}
                disabled={option.isDisabled}
                // Not every screen reader reads a fieldset's description, so each radio carries the error too.
                aria-describedby={[option.hint !== undefined && optionHintId, field.isErrorShown && field.errorId].filter(Boolean).join(' ') || undefined}
                {...(value === undefined ? { defaultChecked: defaultValue === option.value } : { checked: value === option.value })}
                onChange={(event) => onChange?.(event.currentTarget.value, event)}
                onBlur={handleBlur}
              />
              <div className={styles.text}>
                <label htmlFor={optionId} className={styles.label}>
                  {option.label}
                </label>
                {option.hint !== undefined && (
                  <p id={optionHintId} className={cx(fieldStyles.hint, styles.hint)}>
                    {option.hint}
                  </p>
                )}
              </div>
            </div>
          );
        })}
      </div>
      <FieldError id={field.errorId} error={error} isShown={field.isErrorShown} />
    </fieldset>
  );
}
