import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-errors';
import { rateLimitMessage, retryAtOf } from '../../lib/rate-limit';
import { Button, Modal } from '../../ui';
import { useSaveAndContinueLater } from './api/save-and-continue-later';
import { useApplicationLayout } from './application-context';
import styles from './save-and-continue-later.module.css';

type Phase = 'closed' | 'confirm' | 'sent';

/**
 * docs/requirements.md sections 1 and 2: the save-and-continue-later
 * confirmation. The unsaved draft goes first, then the server e-mails the link;
 * the user is told so and may log out.
 */
export function SaveAndContinueLater({ onLogout }: { onLogout: () => void }) {
  const { t, i18n } = useTranslation();
  const layout = useApplicationLayout();
  const mutation = useSaveAndContinueLater();
  const [phase, setPhase] = useState<Phase>('closed');
  const [isBusy, setIsBusy] = useState(false);
  // Set when the rate limits refused the mail: the dialog stays open and says until when.
  const [retryAt, setRetryAt] = useState<number>();
  // The address the server sent the link to: the sent dialog names it.
  const [sentTo, setSentTo] = useState('');
  const logoutRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // The confirm button the focus was on is gone; the next step is logging out.
    if (phase === 'sent') logoutRef.current?.focus();
  }, [phase]);

  const send = async (isRetry = false): Promise<void> => {
    try {
      const sent = await mutation.mutateAsync({ processId: layout.processId, version: layout.getVersion() });
      setSentTo(sent.email);
      setPhase('sent');
    } catch (error) {
      if (!isRetry && error instanceof ApiError && error.code === 'STALE_VERSION') {
        await layout.reload();
        await send(true);
        return;
      }
      const limitedUntil = retryAtOf(error);
      if (limitedUntil !== undefined) {
        setRetryAt(limitedUntil);
        return;
      }
      setPhase('closed');
    }
  };

  const confirm = async () => {
    setIsBusy(true);
    try {
      await layout.flushDraft();
      await send();
    } finally {
      setIsBusy(false);
    }
  };

  const isSent = phase === 'sent';
  const limited = retryAt === undefined || isSent ? null : rateLimitMessage(t, retryAt, i18n.language);
  const close = () => {
    setPhase('closed');
    setRetryAt(undefined);
  };
  return (
    <>
      <Button variant="link" onClick={() => setPhase('confirm')}>
        {t('APPLICATION.SAVE_AND_CONTINUE_LATER.OPEN')}
      </Button>
      <Modal
        isOpen={phase !== 'closed'}
        onClose={close}
        size="medium"
        title={t(isSent ? 'APPLICATION.SAVE_AND_CONTINUE_LATER.SENT_TITLE' : 'APPLICATION.SAVE_AND_CONTINUE_LATER.TITLE')}
        description={
          <>
            <p role={isSent ? 'status' : undefined} className={styles.message}>
              {isSent ? t('APPLICATION.SAVE_AND_CONTINUE_LATER.SENT_MESSAGE', { email: sentTo }) : t('APPLICATION.SAVE_AND_CONTINUE_LATER.MESSAGE')}
            </p>
            {limited && (
              <p role="alert" className={styles.limited}>
                <strong>{limited.title}</strong> {limited.message}
              </p>
            )}
          </>
        }
        footer={
          isSent ? (
            // Log out first, as it is seen first on a phone (on top) and focused first: reading, focus and sight agree.
            <div className={styles.sentActions}>
              <Button ref={logoutRef} variant="primary" onClick={onLogout}>
                {t('APPLICATION.SAVE_AND_CONTINUE_LATER.LOG_OUT')}
              </Button>
              <Button variant="secondary" onClick={() => setPhase('closed')}>
                {t('APPLICATION.SAVE_AND_CONTINUE_LATER.KEEP_FILLING')}
              </Button>
            </div>
          ) : (
            <>
              <Button variant="secondary" onClick={close}>
                {t('APPLICATION.SAVE_AND_CONTINUE_LATER.CANCEL')}
              </Button>
              <Button variant="primary" isLoading={isBusy} onClick={() => void confirm()}>
                {t('APPLICATION.SAVE_AND_CONTINUE_LATER.CONFIRM')}
              </Button>
            </>
          )
        }
      />
    </>
  );
}
