import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { Card, HeaderBlock, Spinner } from '../../../ui';
import { sendSmartIdSigningReturn } from '../../../lib/signing/api/signing';
import styles from './smart-id-signing-return-page.module.css';

const RETURN = 'APPLICATION.SIGNING.RETURN';

/**
 * The page the Smart-ID app opens once the person has chosen the account to sign with on this phone
 * (decision 38). It passes the return on, so the app asks PIN2 at once, and tells the person where the signing
 * ends: in the tab that started it, which submits the application. It needs no sign-in: the app may open it
 * in another tab or browser.
 */
export function SmartIdSigningReturnPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [outcome, setOutcome] = useState<'continuing' | 'continued' | 'used'>('continuing');

  useEffect(() => {
    const value = (name: string) => searchParams.get(name) ?? '';
    sendSmartIdSigningReturn({ signingSessionId: value('session'), value: value('value'), sessionSecretDigest: value('sessionSecretDigest') })
      .then(() => setOutcome('continued'))
      // Used, expired, or not an address the app gave: the tab that started the signing still knows how it stands.
      .catch(() => setOutcome('used'));
    // Once: the return is single use.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (outcome === 'continuing') {
    return (
      <Card as="section" width="large" isCentered padding="large" aria-labelledby="screen-title">
        <h1 id="screen-title" className={styles.title} tabIndex={-1}>
          {t('SCREENS.SMART_ID_SIGNING_RETURN.TITLE')}
        </h1>
        <Spinner size="small" label={t(`${RETURN}.CONTINUING`)} isLabelVisible />
      </Card>
    );
  }
  const isUsed = outcome === 'used';
  return (
    <div className={styles.page}>
      <HeaderBlock variant={isUsed ? 'error' : 'default'} headingLevel={1} title={t(isUsed ? `${RETURN}.USED_TITLE` : `${RETURN}.TITLE`)}>
        <p>{t(isUsed ? `${RETURN}.USED_MESSAGE` : `${RETURN}.MESSAGE`)}</p>
      </HeaderBlock>
      <Link to={paths.root}>{t(`${RETURN}.BACK`)}</Link>
    </div>
  );
}
