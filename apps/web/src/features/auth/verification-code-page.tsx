import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../lib/paths';
import { Button, Card, Spinner } from '../../ui';
import { signInFlow, useSignInState } from './sign-in-flow';
import { useSignInOutcome } from './use-sign-in-outcome';
import styles from './verification-code-page.module.css';

/** docs/requirements.md section 2: /authentication-verification-code, shown while the phone asks for PIN1. */
export function VerificationCodePage() {
  const { t } = useTranslation();
  const state = useSignInState();
  // Opened without a running sign-in (a reload, a bookmark): there is no code to show.
  const [isWithoutSignIn] = useState(() => signInFlow.getState().status === 'idle');
  // Filled after the first paint, so screen readers announce the code from the live region.
  const [isAnnounced, setIsAnnounced] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setIsAnnounced(true), 0);
    return () => window.clearTimeout(timer);
  }, []);

  useSignInOutcome();

  if (isWithoutSignIn) return <Navigate to={paths.authentication} replace />;
  const verificationCode = state.status === 'waiting' ? state.verificationCode : '';
  const instruction =
    state.status === 'waiting' && state.method === 'MOBILE_ID' ? 'AUTH.VERIFICATION.INSTRUCTION_MOBILE_ID' : 'AUTH.VERIFICATION.INSTRUCTION_SMART_ID';

  return (
    <Card as="section" width="large" isCentered padding="large" className={styles.card} aria-labelledby="screen-title">
      <h1 id="screen-title" className={styles.title} tabIndex={-1}>
        {t('SCREENS.AUTHENTICATION_VERIFICATION_CODE.TITLE')}
      </h1>
      <div role="status" className={styles.codeBox}>
        {isAnnounced && verificationCode && (
          <>
            <span className="visually-hidden">{t('AUTH.VERIFICATION.CODE_ANNOUNCEMENT', { code: verificationCode.split('').join(' ') })}</span>
            <span className={styles.code} aria-hidden="true" data-testid="verification-code">
              {verificationCode}
            </span>
          </>
        )}
      </div>
      <p className={styles.instruction}>{t(instruction)}</p>
      <Spinner size="small" label={t('AUTH.VERIFICATION.WAITING')} isLabelVisible className={styles.waiting} />
      <Button variant="outline" width="full" disabled={state.status !== 'waiting'} onClick={() => signInFlow.cancel()}>
        {t('AUTH.VERIFICATION.CANCEL')}
      </Button>
    </Card>
  );
}
