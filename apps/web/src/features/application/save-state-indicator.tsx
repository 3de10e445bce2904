import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/keys';
import { Icon, type IconName } from '../../ui';
import type { SaveState } from './application-context';
import styles from './application-layout.module.css';

const icons: Record<SaveState, IconName> = { saved: 'checkCircle', saving: 'loading', offline: 'error', failed: 'error' };
const labels: Record<SaveState, TranslationKey> = {
  saved: 'APPLICATION.SAVE_STATE.SAVED',
  saving: 'APPLICATION.SAVE_STATE.SAVING',
  offline: 'APPLICATION.SAVE_STATE.OFFLINE',
  failed: 'APPLICATION.SAVE_STATE.FAILED',
};

/** The visible save state; a polite live region, so a change is read out without interrupting. */
export function SaveStateIndicator({ state }: { state: SaveState }) {
  const { t } = useTranslation();
  return (
    <p role="status" className={styles.saveState} data-state={state}>
      <Icon name={icons[state]} size="small" isSpinning={state === 'saving'} />
      <span>{t(labels[state])}</span>
    </p>
  );
}
