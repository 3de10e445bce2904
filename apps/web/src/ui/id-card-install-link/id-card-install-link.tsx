import { useTranslation } from 'react-i18next';
import styles from './id-card-install-link.module.css';

/**
 * docs/requirements.md section 8: the ID-card message "browser lacks support"
 * comes with a link to the instructions for installing the extension. Sign-in
 * and signing both show it. It opens in a new tab, and says so to a screen
 * reader.
 */
export function IdCardInstallLink() {
  const { t } = useTranslation();
  return (
    <a href={t('UI.ID_CARD_INSTALL.URL')} target="_blank" rel="noreferrer" className={styles.link}>
      {t('UI.ID_CARD_INSTALL.LINK')} <span className="visually-hidden">{t('UI.OPENS_IN_NEW_TAB')}</span>
    </a>
  );
}
