import { useEffect, useState } from 'react';
import { readSignInAttempt } from '../../lib/sign-in-attempt';
import { useTranslation } from 'react-i18next';
import { readPageSettings } from '../../lib/page-settings';
import { Card, Icon, RadioGroup, type IconName } from '../../ui';
import { ControlsUntilHydrated } from './controls-until-hydrated';
import { IdCardSignIn } from './id-card-sign-in';
import { MagicSignInForm } from './magic-sign-in-form';
import { signInFlow, useSignInState } from './sign-in-flow';
import { rateLimitMessage } from '../../lib/rate-limit';
import { useHasSessionEnded } from '../../lib/sign-in-return';
import { PhoneSignInForm } from './phone-sign-in-form';
import { SmartIdSignIn } from './smart-id-sign-in';
import { useSignInOutcome } from './use-sign-in-outcome';
import styles from './authentication-page.module.css';

type Method = 'SMART_ID' | 'MOBILE_ID' | 'ID_CARD';

const methodIcons: Record<Method, IconName> = { SMART_ID: 'smartId', MOBILE_ID: 'mobileId', ID_CARD: 'idCard' };

/** docs/requirements.md section 2: /authentication, the method choice. */
export function AuthenticationPage() {
  const { t, i18n } = useTranslation();
  const { eidUrl, isMagicSignInEnabled, isIdentitySimulated } = readPageSettings();
  const state = useSignInState();
  // Until the next sign-in: the person who stepped away reads it whenever they come back (decision 45).
  const hasSessionEnded = useHasSessionEnded();
  const limited = state.status === 'failed' && state.outcome.kind === 'rateLimited' ? rateLimitMessage(t, state.outcome.retryAt, i18n.language) : null;
  // ID-card is offered with the eid host configured, and in simulated mode through the simulated card reader.
  const methods: Method[] = eidUrl || isIdentitySimulated ? ['SMART_ID', 'MOBILE_ID', 'ID_CARD'] : ['SMART_ID', 'MOBILE_ID'];
  // The method of the last attempt by personal code, after a refusal; Smart-ID otherwise.
  const [method, setMethod] = useState<Method>(() => readSignInAttempt()?.method ?? 'SMART_ID');

  useSignInOutcome();
  // Back from the verification-code screen: the user left the running sign-in.
  useEffect(() => {
    if (signInFlow.getState().status === 'waiting') signInFlow.cancel();
  }, []);

  return (
    <div className={styles.page}>
      <Card as="section" width="large" isCentered padding="large" aria-labelledby="screen-title">
        <h1 id="screen-title" className={styles.title} tabIndex={-1}>
          {t('SCREENS.AUTHENTICATION.TITLE')}
        </h1>
        {hasSessionEnded && (
          <div role="status" className={styles.sessionEnded}>
            <p className={styles.sessionEndedTitle}>{t('AUTH.SESSION_ENDED.TITLE')}</p>
            <p>{t('AUTH.SESSION_ENDED.MESSAGE')}</p>
          </div>
        )}
        <p className={styles.intro}>{t('AUTH.INTRO')}</p>
        {limited && (
          <p role="alert" className={styles.notice}>
            <strong>{limited.title}</strong> {limited.message}
          </p>
        )}
        <ControlsUntilHydrated>
          <RadioGroup
            legend={t('AUTH.METHODS_LABEL')}
            name="sign-in-method"
            value={method}
            onChange={(value) => setMethod(value as Method)}
            options={methods.map((value) => ({
              value,
              label: (
                <span className={styles.methodLabel}>
                  <Icon name={methodIcons[value]} size="medium-light" />
                  {t(`AUTH.METHOD.${value}`)}
                </span>
              ),
            }))}
          />
          {method === 'SMART_ID' && <SmartIdSignIn />}
          {method === 'MOBILE_ID' && <PhoneSignInForm method="MOBILE_ID" />}
          {method === 'ID_CARD' && <IdCardSignIn eidUrl={eidUrl} />}
        </ControlsUntilHydrated>
      </Card>
      {isMagicSignInEnabled && <MagicSignInForm />}
    </div>
  );
}
