import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../ui';
import type { SaveState } from './application-context';
import styles from './application-layout.module.css';

const icons: Record<SaveState, IconName> = { saved: 'checkCircle', saving: 'loading', offline: 'error', failed: 'error' };

/** The visible save state; a polite live region, so a change is read out without interrupting. */
export function SaveStateIndicator({ state }: { state: SaveState }) {
  const { t } = useTranslation();
  return (
    <p role="status" className={styles.saveState} data-state={state}>
      <Icon name={icons[state]} size="small" isSpinning={state === 'saving'} />
      <span>{t(`APPLICATION.SAVE_STATE.${state.toUpperCase()}`)}</span>
    </p>
  );
}
