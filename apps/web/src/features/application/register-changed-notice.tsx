import type { RegisterChange } from '@onboarding/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../ui';
import { STEP_SCREENS } from './application-steps';
import styles from './application-layout.module.css';

/**
 * The Business Register changed since the application read it (found when signing was about to start): what
 * changed, and the steps to check and save again. The changed facts are the register's now; the applicant's
 * declaration stays beside them.
 */
export function RegisterChangedNotice({ changes }: { changes: readonly RegisterChange[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const steps = STEP_SCREENS.filter((screen) => changes.some((change) => change.step === screen.step));
  return (
    <section role="alert" aria-labelledby={titleId} className={styles.registerChanged}>
      <Icon name="infoCircle" size="medium-light" className={styles.registerChangedIcon} />
      <div>
        <p id={titleId} className={styles.registerChangedTitle}>
          {t('APPLICATION.REGISTER_CHANGED.TITLE')}
        </p>
        <ul className={styles.registerChangedList}>
          {changes.map((change) => (
            <li key={change.fact}>{t(`APPLICATION.REGISTER_CHANGED.FACTS.${change.fact}`)}</li>
          ))}
        </ul>
        <p className={styles.registerChangedText}>{t('APPLICATION.REGISTER_CHANGED.TEXT')}</p>
        <ul className={styles.registerChangedLinks}>
          {steps.map((screen) => (
            <li key={screen.step}>
              <Link to={screen.path}>{t(screen.titleKey)}</Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
