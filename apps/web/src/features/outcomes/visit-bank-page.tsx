import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { BankBranches } from './bank-branches';
import { OutcomeLayout } from './outcome-layout';
import styles from './outcome-page.module.css';

/** docs/requirements.md section 2: /visit-bank, the visit-the-bank outcome, with the way to a branch. */
export function VisitBankPage() {
  const { t } = useTranslation();
  return (
    <OutcomeLayout
      tone="info"
      icon="location"
      title={t('SCREENS.VISIT_BANK.TITLE')}
      message={<p>{t('SCREENS.VISIT_BANK.MESSAGE')}</p>}
      next={[t('SCREENS.VISIT_BANK.NEXT_1'), t('SCREENS.VISIT_BANK.NEXT_2')]}
      actions={
        <Link to={paths.root} className={styles.primaryAction}>
          {t('SCREENS.VISIT_BANK.ACTION')}
        </Link>
      }
    >
      <BankBranches />
    </OutcomeLayout>
  );
}
