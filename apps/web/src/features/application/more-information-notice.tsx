import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ManagerMessage } from '../../lib/manager-message';
import type { MoreInformationRequest } from '../../lib/application-timeline';
import { Icon } from '../../ui';
import styles from './application-layout.module.css';

/**
 * On a step the bank reopened: that the bank asks for more information here, in the relationship manager's words
 * (rich text: links and bold), and that the contract is signed again after it while the other steps stay as signed.
 */
export function MoreInformationNotice({ request }: { request: MoreInformationRequest }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.moreInformation}>
      <Icon name="infoCircle" size="medium-light" className={styles.moreInformationIcon} />
      <div className={styles.moreInformationBody}>
        <p id={titleId} className={styles.moreInformationTitle}>
          {t('APPLICATION.MORE_INFORMATION.TITLE')}
        </p>
        <p className={styles.moreInformationText}>{t('APPLICATION.MORE_INFORMATION.TEXT')}</p>
        <ManagerMessage message={request.message} />
        <p className={styles.moreInformationNote}>{t('SUCCESS.TIMELINE.MORE_INFORMATION_NEEDED.ACTION_NOTE')}</p>
      </div>
    </section>
  );
}
