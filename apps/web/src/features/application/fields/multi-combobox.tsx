import { useId, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../ui';
import { Combobox, type ComboboxOption } from './combobox';
import styles from './combobox.module.css';

export type MultiComboboxProps = {
  label: ReactNode;
  options: readonly ComboboxOption[];
  values: readonly string[];
  onChange: (values: string[]) => void;
  onBlur?: () => void;
  hint?: ReactNode;
  /** The field's own error (from the form), already translated. */
  error?: string;
  isTouched?: boolean;
  /** Says why a repeat was not added, already translated; the list itself never holds one twice. */
  repeatMessage: string;
  /** Whether adding `value` to `values` repeats one: the domain's rule for the list. */
  isRepeat: (values: readonly string[], value: string) => boolean;
  ref?: Ref<HTMLInputElement>;
};

/**
 * Several choices from a searchable list: the combobox picks one at a time,
 * the chosen ones are chips below with a remove button each. A repeat is not
 * added; the repeat message says so.
 */
export function MultiCombobox({ label, options, values, onChange, onBlur, hint, error, isTouched, repeatMessage, isRepeat, ref }: MultiComboboxProps) {
  const { t } = useTranslation();
  const [isRepeated, setIsRepeated] = useState(false);
  const inputId = useId();
  const labelOf = (value: string) => options.find((option) => option.value === value)?.label ?? value;

  return (
    <div className={styles.multi}>
      <Combobox
        ref={ref}
        id={inputId}
        label={label}
        hint={hint}
        options={options}
        value=""
        error={isRepeated ? repeatMessage : error}
        isTouched={isRepeated || isTouched}
        onBlur={() => {
          setIsRepeated(false);
          onBlur?.();
        }}
        onChange={(value) => {
          if (value === '') return;
          if (isRepeat(values, value)) {
            setIsRepeated(true);
            return;
          }
          setIsRepeated(false);
          onChange([...values, value]);
        }}
      />
      {values.length > 0 && (
        <ul className={styles.chips} aria-label={t('APPLICATION.COMBOBOX.SELECTED_LIST')}>
          {values.map((value, index) => (
            <li key={`${value}-${index}`} className={styles.chip}>
              <span>{labelOf(value)}</span>
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={t('APPLICATION.COMBOBOX.REMOVE', { label: labelOf(value) })}
                onClick={() => {
                  setIsRepeated(false);
                  onChange(values.filter((_, other) => other !== index));
                  // The chip's button is gone: focus goes back to the search.
                  document.getElementById(inputId)?.focus();
                }}
              >
                <Icon name="close" size="small" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
