import { useId, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icon';
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
  /** How many the list may hold (the domain's limit): one more is not added, and the limit's message says so. */
  max: number;
  ref?: Ref<HTMLInputElement>;
};

/**
 * Several choices from a searchable list: the combobox picks one at a time,
 * the chosen ones are chips below with a remove button each. A repeat is not
 * added; the repeat message says so. Nor is one beyond the list's limit: the
 * limit's message ("less than or equal to N") says so.
 */
export function MultiCombobox({ label, options, values, onChange, onBlur, hint, error, isTouched, repeatMessage, isRepeat, max, ref }: MultiComboboxProps) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
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
        error={refusal ?? error}
        isTouched={refusal !== null || isTouched}
        onBlur={() => {
          setRefusal(null);
          onBlur?.();
        }}
        onChange={(value) => {
          if (value === '') return;
          if (isRepeat(values, value)) {
            setRefusal(repeatMessage);
            return;
          }
          if (values.length >= max) {
            setRefusal(t('VALIDATION.maxOptions', { ns: 'domain', max }));
            return;
          }
          setRefusal(null);
          onChange([...values, value]);
        }}
      />
      {values.length > 0 && (
        <ul className={styles.chips} aria-label={t('UI.COMBOBOX.SELECTED_LIST')}>
          {values.map((value, index) => (
            <li key={`${value}-${index}`} className={styles.chip}>
              <span>{labelOf(value)}</span>
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={t('UI.COMBOBOX.REMOVE', { label: labelOf(value) })}
                onClick={() => {
                  setRefusal(null);
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
