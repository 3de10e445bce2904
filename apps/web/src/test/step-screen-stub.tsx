import { useTranslation } from 'react-i18next';
import { useApplicationLayout } from '../features/application/application-context';
import { StepActions } from '../features/application/step-actions';
import styles from '../features/application/application-layout.module.css';

/** A step screen for layout tests: the title, one line, Back and a Continue that does nothing. */
export function StepScreenStub() {
  const { t } = useTranslation();
  const { stepScreen } = useApplicationLayout();
  return (
    <section aria-labelledby="screen-title" className={styles.stepPage}>
      <h1 id="screen-title" className={styles.stepTitle} tabIndex={-1}>
        {t(stepScreen.titleKey)}
      </h1>
      <p>The step's form.</p>
      <StepActions onContinue={() => undefined} />
    </section>
  );
}
