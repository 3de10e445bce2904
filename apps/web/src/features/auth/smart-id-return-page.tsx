import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { Card, HeaderBlock, Spinner } from '../../ui';
import { signInFlow } from './sign-in-flow';
import { useSignInOutcome } from './use-sign-in-outcome';
import styles from './authentication-page.module.css';

/**
 * The page the Smart-ID app opens after a Web2App sign-in (decision 38): it finishes the sign-in begun in this
 * browser, wherever the app opened it. Opened in another browser (an app's own, a private window), it says
 * what to do instead of failing silently.
 */
export function SmartIdReturnPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [isOtherBrowser, setIsOtherBrowser] = useState(false);
  useSignInOutcome();

  useEffect(() => {
    const value = (name: string) => searchParams.get(name) ?? '';
    void signInFlow
      .finishSmartIdReturn({
        authenticationSessionId: value('session'),
        value: value('value'),
        sessionSecretDigest: value('sessionSecretDigest'),
        userChallengeVerifier: value('userChallengeVerifier'),
      })
      .then((isThisBrowser) => setIsOtherBrowser(!isThisBrowser));
    // Once: the return is single use.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (isOtherBrowser) {
    return (
      <div className={styles.page}>
        <HeaderBlock variant="error" headingLevel={1} title={t('AUTH.DEVICE_LINK.OTHER_BROWSER_TITLE')}>
          <p>{t('AUTH.DEVICE_LINK.OTHER_BROWSER_MESSAGE')}</p>
        </HeaderBlock>
        <Link to={paths.authentication}>{t('AUTH.DEVICE_LINK.START_AGAIN')}</Link>
      </div>
    );
  }
  return (
    <Card as="section" width="large" isCentered padding="large" aria-labelledby="screen-title">
      <h1 id="screen-title" className={styles.title} tabIndex={-1}>
        {t('SCREENS.SMART_ID_RETURN.TITLE')}
      </h1>
      <Spinner size="small" label={t('AUTH.DEVICE_LINK.RETURN_FINISHING')} isLabelVisible />
    </Card>
  );
}
