import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LogoutButton } from '../features/session/logout-button';
import { GlobalErrorNotifier } from './global-error-notifier';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { readPageSettings } from '../lib/page-settings';
import { paths } from '../lib/paths';
import { ScrollToTop } from './scroll-to-top';
import { SupportContacts } from '../lib/support-contacts';
import { useFocusHeadingOnNavigation } from './use-focus-heading';
import { useDocumentTitle } from './use-screen-title';
import styles from './layout.module.css';

const MAIN_ID = 'main-content';

export function Layout() {
  const { t } = useTranslation();
  const { supportEmail } = readPageSettings();
  useDocumentTitle();
  useFocusHeadingOnNavigation(MAIN_ID);

  return (
    <div className={styles.page}>
      <a className={styles.skipLink} href={`#${MAIN_ID}`}>
        {t('LAYOUT.SKIP_TO_CONTENT')}
      </a>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link to={paths.root} className={styles.brand} aria-label={t('LAYOUT.HOME_LINK')}>
            <Logo className={styles.logo} />
            <span className={styles.productName} aria-hidden="true">
              {t('PRODUCT.NAME')}
            </span>
          </Link>
          <div className={styles.headerActions}>
            <LanguageSwitcher />
            <LogoutButton />
          </div>
        </div>
      </header>
      <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      {supportEmail && (
        <footer className={styles.footer}>
          <p>
            <SupportContacts i18nKey="LAYOUT.FOOTER_SUPPORT" />
          </p>
        </footer>
      )}
      <ScrollToTop />
      <GlobalErrorNotifier />
    </div>
  );
}
