import type { ReactNode } from 'react';
import { cx } from '../../ui/class-names';
import styles from './choose-company-page.module.css';

export type CompanyOptionProps = {
  id: string;
  name: string;
  value: string;
  label: string;
  isChecked: boolean;
  isDisabled?: boolean;
  /** Read with the radio: registry code, state, the reason a company cannot be chosen. */
  description?: ReactNode;
  badge?: ReactNode;
  /** Outside the label, e.g. the link to the online bank. */
  action?: ReactNode;
  errorId?: string;
  onSelect: (value: string) => void;
};

/** One selectable card: a native radio, so arrow keys, Space and screen readers work as in any radio group. */
export function CompanyOption({ id, name, value, label, isChecked, isDisabled = false, description, badge, action, errorId, onSelect }: CompanyOptionProps) {
  const descriptionId = `${id}-description`;
  return (
    <div className={cx(styles.option, isChecked && styles.selected, isDisabled && styles.disabled)}>
      <input
        id={id}
        type="radio"
        name={name}
        value={value}
        checked={isChecked}
        disabled={isDisabled}
        className={styles.radio}
        aria-describedby={[description !== undefined && descriptionId, errorId].filter(Boolean).join(' ') || undefined}
        onChange={() => onSelect(value)}
      />
      <div className={styles.optionBody}>
        <div className={styles.optionHeader}>
          <label htmlFor={id} className={styles.optionLabel}>
            {label}
          </label>
          {badge}
        </div>
        {description !== undefined && (
          <div id={descriptionId} className={styles.optionDescription}>
            {description}
          </div>
        )}
        {action !== undefined && <div className={styles.optionAction}>{action}</div>}
      </div>
    </div>
  );
}
