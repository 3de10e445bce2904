import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { HeaderBlock } from '../../ui';
import styles from './outcome-page.module.css';

/** docs/requirements.md section 2: /visit-bank, the visit-the-bank outcome. */
export function VisitBankPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <HeaderBlock headingLevel={1} title={t('SCREENS.VISIT_BANK.TITLE')} icon="location">
        <p>{t('SCREENS.VISIT_BANK.MESSAGE')}</p>
      </HeaderBlock>
      <div className={styles.actions}>
        <Link to={paths.root} className={styles.primaryAction}>
          {t('SCREENS.VISIT_BANK.ACTION')}
        </Link>
      </div>
    </div>
  );
}
