import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '../../ui';
import { formatCountdown } from './session-clock';
import styles from './session-warning-modal.module.css';

export type SessionWarningModalProps = {
  isOpen: boolean;
  remainingMs: number;
  onContinue: () => void;
  onLogout: () => void;
};

/** docs/requirements.md section 2: the session-timeout warning; Yes signals activity, No logs out. */
export function SessionWarningModal({ isOpen, remainingMs, onContinue, onLogout }: SessionWarningModalProps) {
  const { t } = useTranslation();
  const yesRef = useRef<HTMLButtonElement>(null);
  const countdown = formatCountdown(remainingMs);
  const time = countdown.unit === 'seconds' ? t('SESSION.WARNING.SECONDS', { seconds: countdown.seconds }) : countdown.text;

  return (
    <Modal
      isOpen={isOpen}
      // Escape answers like Yes: the user is evidently there.
      onClose={onContinue}
      role="alertdialog"
      size="small"
      title={t('SESSION.WARNING.TITLE')}
      description={t('SESSION.WARNING.MESSAGE')}
      initialFocusRef={yesRef}
      footer={
        <>
          <Button variant="outline" onClick={onLogout}>
            {t('SESSION.WARNING.NO')}
          </Button>
          <Button ref={yesRef} onClick={onContinue}>
            {t('SESSION.WARNING.YES')}
          </Button>
        </>
      }
    >
      {/* Not a live region: a change every second would drown everything else a screen reader says. */}
      <p className={styles.countdown} data-testid="session-countdown">
        {t('SESSION.WARNING.TIME_LEFT', { time })}
      </p>
    </Modal>
  );
}
