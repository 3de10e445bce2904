import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../ui';
import type { StepScreen } from '../application-steps';
import type { SummaryRows } from './summary-row';
import styles from './overview.module.css';

/** One step's key values as a description list under the step's title, with a link back to the step. */
export function StepSummary({ screen, rows }: { screen: StepScreen; rows: SummaryRows }) {
  const { t } = useTranslation();
  const headingId = useId();
  const title = t(screen.titleKey);
  return (
    <section aria-labelledby={headingId} className={styles.stepSummary}>
      <div className={styles.stepSummaryHeader}>
        <h3 id={headingId} className={styles.stepSummaryTitle}>
          {title}
        </h3>
        <Link to={screen.path} className={styles.editLink}>
          <Icon name="pencil" size="html-text-size" />
          {t('APPLICATION.OVERVIEW.SUMMARY.EDIT')} <span className="visually-hidden">{title}</span>
        </Link>
      </div>
      {rows === null ? (
        <p className={styles.muted}>{t('APPLICATION.OVERVIEW.SUMMARY.NOT_FILLED')}</p>
      ) : (
        <dl className={styles.summaryList}>
          {rows.map((row) => (
            <div key={row.id} className={styles.summaryRow}>
              <dt className={styles.summaryTerm}>{row.label}</dt>
              <dd className={styles.summaryValue}>
                {typeof row.value === 'string' ? (
                  row.value
                ) : (
                  <ul className={styles.valueList}>
                    {row.value.map((item, index) => (
                      <li key={index}>{item}</li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
