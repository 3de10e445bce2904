import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, RenewingQrCode, Spinner } from '../../ui';
import { useIsTouchDevice } from '../../lib/use-is-touch-device';
import { PhoneSignInForm } from './phone-sign-in-form';
import { signInFlow, useSignInState, type SignInState } from './sign-in-flow';
import styles from './smart-id-sign-in.module.css';

type Language = 'et' | 'en' | 'ru';
type DeviceLinkState = Extract<SignInState, { status: 'deviceLink' }>;

const languageOf = (language: string): Language => (language === 'en' || language === 'ru' ? language : 'et');

/**
 * The Smart-ID choice (decision 38): a QR code on a computer, the app's link first on a phone, and sign-in by
 * personal code below for those who prefer it, with a warning against confirming a sign-in someone else began.
 */
export function SmartIdSignIn() {
  const { t, i18n } = useTranslation();
  const state = useSignInState();
  const isTouch = useIsTouchDevice();
  const language = languageOf(i18n.language);
  const start = (flow: 'QR' | 'Web2App') => void signInFlow.startDeviceLink(flow, language);

  if (state.status === 'deviceLink' && state.flow === 'QR') return <QrPanel state={state} language={language} onRestart={() => start('QR')} />;
  if (state.status === 'deviceLink') return <AppPanel state={state} />;

  return (
    <div className={styles.smartId}>
      {state.status === 'signedInElsewhere' && (
        <p role="status" className={styles.notice}>
          {t('AUTH.DEVICE_LINK.SIGNED_IN_ELSEWHERE')}
        </p>
      )}
      <div className={styles.deviceLinkChoices}>
        {isTouch ? (
          <>
            <Button width="full" onClick={() => start('Web2App')}>
              {t('AUTH.DEVICE_LINK.APP_SUBMIT')}
            </Button>
            <Button variant="outline" width="full" onClick={() => start('QR')}>
              {t('AUTH.DEVICE_LINK.QR_OTHER_DEVICE')}
            </Button>
          </>
        ) : (
          <Button width="full" onClick={() => start('QR')}>
            {t('AUTH.DEVICE_LINK.QR_SUBMIT')}
          </Button>
        )}
      </div>
      <h2 className={styles.divider}>{t('AUTH.DEVICE_LINK.PERSONAL_CODE_DIVIDER')}</h2>
      <p className={styles.warning}>{t('AUTH.DEVICE_LINK.PERSONAL_CODE_WARNING')}</p>
      <PhoneSignInForm method="SMART_ID" />
    </div>
  );
}

/** The QR code, renewed every second while it is shown; after the window, an offer of a new one. */
function QrPanel({ state, language, onRestart }: { state: DeviceLinkState; language: Language; onRestart: () => void }) {
  const { t } = useTranslation();
  const { authenticationSessionId } = state;
  const fetchLink = useCallback(
    async (signal: AbortSignal) => (await signInFlow.fetchDeviceLink(authenticationSessionId, language, signal)).deviceLink,
    [authenticationSessionId, language],
  );
  return (
    <section className={styles.panel} aria-labelledby="smart-id-qr-title">
      <h2 id="smart-id-qr-title" className={styles.panelTitle}>
        {t('AUTH.DEVICE_LINK.QR_TITLE')}
      </h2>
      <p className={styles.hint}>{t('AUTH.DEVICE_LINK.QR_STEPS')}</p>
      <RenewingQrCode
        key={state.deviceLink}
        initialLink={state.deviceLink}
        expiresAt={state.expiresAt}
        fetchLink={fetchLink}
        label={t('AUTH.DEVICE_LINK.QR_IMAGE_LABEL')}
        onRestart={onRestart}
      />
      <Button variant="outline" width="full" onClick={() => signInFlow.cancel()}>
        {t('AUTH.VERIFICATION.CANCEL')}
      </Button>
    </section>
  );
}

/** Web2App: the app opens at once; this tab waits, and can open it again. */
function AppPanel({ state }: { state: DeviceLinkState }) {
  const { t } = useTranslation();
  useEffect(() => {
    window.location.assign(state.deviceLink);
  }, [state.deviceLink]);
  return (
    <section className={styles.panel} aria-labelledby="smart-id-app-title">
      <h2 id="smart-id-app-title" className={styles.panelTitle}>
        {t('AUTH.DEVICE_LINK.APP_SUBMIT')}
      </h2>
      <p className={styles.hint}>{t('AUTH.DEVICE_LINK.APP_WAITING')}</p>
      <Spinner size="small" label={t('AUTH.VERIFICATION.WAITING')} isLabelVisible />
      <a className={styles.appLink} href={state.deviceLink}>
        {t('AUTH.DEVICE_LINK.APP_OPEN_AGAIN')}
      </a>
      <Button variant="outline" width="full" onClick={() => signInFlow.cancel()}>
        {t('AUTH.VERIFICATION.CANCEL')}
      </Button>
    </section>
  );
}
