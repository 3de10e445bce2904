import type { FocusEvent, ReactNode, Ref } from 'react';
import { Checkbox } from '../checkbox';
import { cx } from '../class-names';
import { FieldError, FieldHint, useField } from '../field';
import styles from './checkbox-group.module.css';

export type CheckboxGroupOption<T extends string> = { value: T; label: ReactNode; hint?: ReactNode };

export type CheckboxGroupProps<T extends string> = {
  legend: ReactNode;
  hint?: ReactNode;
  options: readonly CheckboxGroupOption<T>[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  /** Called when focus leaves the whole group, as react-hook-form's field.onBlur expects. */
  onBlur: () => void;
  /** Already translated; shown only once the group is touched. */
  error?: string;
  isTouched: boolean;
  /** 'tiles': each option a bordered tile with its description, side by side where they fit, the chosen ones filled. */
  variant?: 'list' | 'tiles';
  /** Goes to the first checkbox, so react-hook-form can focus the group on an error. */
  ref?: Ref<HTMLInputElement>;
  id?: string;
};

/**
 * A fieldset of checkboxes filling one list value. The group's error is
 * announced from a live region and read with the group and each checkbox.
 */
export function CheckboxGroup<T extends string>({
  legend,
  hint,
  options,
  value,
  onChange,
  onBlur,
  error,
  isTouched,
  variant = 'list',
  ref,
  id,
}: CheckboxGroupProps<T>) {
  const field = useField({ id, hasHint: hint !== undefined, error, isTouched });

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    // Moving between the checkboxes of one group is not leaving the field.
    if (event.relatedTarget instanceof Node && event.currentTarget.closest('fieldset')?.contains(event.relatedTarget)) return;
    onBlur();
  };

  const toggle = (option: T, isChecked: boolean) => {
    const next = isChecked ? [...value.filter((item) => item !== option), option] : value.filter((item) => item !== option);
    // Keep the order of the options, so the payload does not depend on the clicking order.
    onChange(options.map((item) => item.value).filter((item) => next.includes(item)));
  };

  return (
    <fieldset id={field.fieldId} className={styles.fieldset} aria-describedby={field.ariaDescribedBy} aria-invalid={field.isErrorShown || undefined}>
      <legend className={styles.legend}>{legend}</legend>
      {hint !== undefined && <FieldHint id={field.hintId}>{hint}</FieldHint>}
      <div className={cx(styles.options, variant === 'tiles' && styles.tiles)}>
        {options.map((option, index) => (
          <Checkbox
            className={variant === 'tiles' ? styles.tile : undefined}
            key={option.value}
            ref={index === 0 ? ref : undefined}
            id={`${field.fieldId}-${option.value}`}
            name={field.fieldId}
            value={option.value}
            label={option.label}
            hint={option.hint}
            checked={value.includes(option.value)}
            onChange={(event) => toggle(option.value, event.currentTarget.checked)}
            onBlur={handleBlur}
            isTouched={false}
            aria-describedby={field.isErrorShown ? field.errorId : undefined}
            aria-invalid={field.isErrorShown || undefined}
          />
        ))}
      </div>
      <FieldError id={field.errorId} error={error} isShown={field.isErrorShown} />
    </fieldset>
  );
}
