import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui';
import { Logo } from './logo';
import { SupportContacts } from '../lib/support-contacts';
import styles from './error-boundary-page.module.css';

/**
 * docs/requirements.md sections 2 and 8: logo, title, subtitle with the support
 * e-mail and phone, and a Refresh button that reloads. It stands alone (no
 * router, no queries), because it is shown when those have failed.
 */
export function ErrorBoundaryPage() {
  const { t } = useTranslation();

  useEffect(() => {
    document.title = `${t('ERROR.BOUNDARY.TITLE')} — ${t('PRODUCT.NAME')}`;
  }, [t]);

  return (
    <main className={styles.page}>
      <div className={styles.card} role="alert" aria-labelledby="error-boundary-title">
        <Logo className={styles.logo} />
        <h1 id="error-boundary-title" className={styles.title}>
          {t('ERROR.BOUNDARY.TITLE')}
        </h1>
        <p className={styles.subtitle}>
          <SupportContacts i18nKey="ERROR.BOUNDARY.SUBTITLE" />
        </p>
        <Button variant="primary" size="medium" onClick={() => window.location.reload()}>
          {t('ERROR.BOUNDARY.ACTION.LABEL')}
        </Button>
      </div>
    </main>
  );
}
