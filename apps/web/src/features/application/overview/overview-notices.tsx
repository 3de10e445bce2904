import type { OverviewNotices as Notices } from '@onboarding/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../ui';
import styles from './overview.module.css';

const NOTICE_KEYS = [
  ['hasNonResidentOwner', 'NON_RESIDENT_OWNER'],
  ['hasSpecificFieldOfActivity', 'SPECIFIC_FIELD_OF_ACTIVITY'],
] as const satisfies readonly (readonly [keyof Notices, string])[];
type NoticeKey = (typeof NOTICE_KEYS)[number][1];

/**
 * docs/requirements.md section 3 "Overview": what a non-resident owner or a specific field of activity means for the
 * customer.
 */
export function OverviewNotices({ notices }: { notices: Notices | undefined }) {
  const shown = NOTICE_KEYS.filter(([flag]) => notices?.[flag] === true);
  if (shown.length === 0) return null;
  return (
    <div className={styles.notices}>
      {shown.map(([flag, key]) => (
        <Notice key={flag} noticeKey={key} />
      ))}
    </div>
  );
}

function Notice({ noticeKey }: { noticeKey: NoticeKey }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <div role="note" aria-labelledby={titleId} className={styles.notice}>
      <Icon name="infoCircle" size="medium-light" className={styles.noticeIcon} />
      <div className={styles.noticeBody}>
        <p id={titleId} className={styles.noticeTitle}>
          {t(`APPLICATION.OVERVIEW.NOTICES.${noticeKey}.TITLE`)}
        </p>
        <p className={styles.noticeText}>{t(`APPLICATION.OVERVIEW.NOTICES.${noticeKey}.TEXT`)}</p>
      </div>
    </div>
  );
}
