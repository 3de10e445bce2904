import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../ui';
import { cx } from '../ui/class-names';
import { ApiError } from './api-errors';
import styles from './register-unavailable.module.css';

/**
 * The e-Business Register did not answer (503 REGISTER_UNAVAILABLE): not "not found", not "no companies", and
 * nothing typed or saved is lost (docs/decisions/0033-the-register-through-riks-own-contract.md). The screen that asked says so in place.
 */
export const isRegisterUnavailable = (error: unknown): boolean => error instanceof ApiError && error.code === 'REGISTER_UNAVAILABLE';

/** What a query or mutation that asks the register claims, so the error toast leaves its silence to the screen. */
export const REGISTER_UNAVAILABLE = 'REGISTER_UNAVAILABLE';

export type RegisterUnavailableNoticeProps = {
  onRetry: () => void;
  isRetrying?: boolean;
  /** An alert by default; false inside a live region of the caller's own, which announces it already. */
  isAlert?: boolean;
  className?: string;
};

/** "The Business Register does not answer at the moment; your application is saved, try again in a few minutes", with a retry. */
export function RegisterUnavailableNotice({ onRetry, isRetrying = false, isAlert = true, className }: RegisterUnavailableNoticeProps) {
  const { t } = useTranslation();
  const messageId = useId();
  return (
    <div role={isAlert ? 'alert' : undefined} className={cx(styles.notice, className)}>
      <Icon name="infoCircle" size="medium-light" className={styles.icon} />
      <p id={messageId} className={styles.message}>
        {t('ERRORS.REGISTER_UNAVAILABLE.MESSAGE')}
      </p>
      <Button variant="outline" size="small" padding="small" className={styles.retry} isLoading={isRetrying} aria-describedby={messageId} onClick={onRetry}>
        {t('ERRORS.ACTIONS.TRY_AGAIN')}
      </Button>
    </div>
  );
}
