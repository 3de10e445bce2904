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
const shortLabels: Record<SaveState, TranslationKey> = {
  saved: 'APPLICATION.SAVE_STATE_SHORT.SAVED',
  saving: 'APPLICATION.SAVE_STATE_SHORT.SAVING',
  offline: 'APPLICATION.SAVE_STATE_SHORT.OFFLINE',
  failed: 'APPLICATION.SAVE_STATE_SHORT.FAILED',
};

/**
 * The visible save state; a polite live region, so a change is read out without interrupting. On a phone it shares
 * a line with the company's name, so it shows a word ("Saved") and leaves the sentence to screen readers.
 */
export function SaveStateIndicator({ state }: { state: SaveState }) {
  const { t } = useTranslation();
  return (
    <p role="status" className={styles.saveState} data-state={state}>
      <Icon name={icons[state]} size="small" isSpinning={state === 'saving'} />
      <span className={styles.saveStateText}>{t(labels[state])}</span>
      <span className={styles.saveStateShort} aria-hidden="true">
        {t(shortLabels[state])}
      </span>
    </p>
  );
}
