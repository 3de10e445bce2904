import { useTranslation } from 'react-i18next';
import { useApplicationLayout } from '../application-context';
import { StepActions } from '../step-actions';
import styles from '../application-layout.module.css';

/** Stands in for a step screen until its own issue lands: the title, one line, Back and a Continue that does nothing yet. */
export function Component() {
  const { t } = useTranslation();
  const { stepScreen } = useApplicationLayout();
  return (
    <section aria-labelledby="screen-title" className={styles.stepPage}>
      <h1 id="screen-title" className={styles.stepTitle} tabIndex={-1}>
        {t(stepScreen.titleKey)}
      </h1>
      <p>{t('PLACEHOLDER.COMING_SOON')}</p>
      <StepActions onContinue={() => undefined} />
    </section>
  );
}
