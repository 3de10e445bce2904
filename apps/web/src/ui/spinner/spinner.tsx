import { useTranslation } from 'react-i18next';
import { cx } from '../class-names';
import { Icon } from '../icon';
import styles from './spinner.module.css';

export type SpinnerProps = {
  /** 'page' fills the content area and centres the indicator, for route and data loading. */
  variant?: 'inline' | 'page';
  size?: 'small' | 'medium' | 'large';
  /** A translated text; defaults to the generic "Loading". */
  label?: string;
  /** Shows the label beside the indicator instead of only announcing it. */
  isLabelVisible?: boolean;
  className?: string;
};

const iconSize = { small: 'medium-light', medium: 'medium', large: 'large' } as const;

export function Spinner({ variant = 'inline', size = variant === 'page' ? 'large' : 'medium', label, isLabelVisible = false, className }: SpinnerProps) {
  const { t } = useTranslation();
  const text = label ?? t('UI.LOADING');
  return (
    <div role="status" className={cx(styles.spinner, variant === 'page' && styles.page, className)}>
      <Icon name="loading" size={iconSize[size]} isSpinning className={styles.icon} />
      <span className={isLabelVisible ? styles.label : 'visually-hidden'}>{text}</span>
    </div>
  );
}
