import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../ui/class-names';
import type { TranslationKey } from '../../i18n/keys';
import { Icon } from '../../ui';
import type { StepScreen } from './application-steps';
import styles from './application-layout.module.css';

export type StepperProps = {
  screens: readonly StepScreen[];
  /** Index of the server-given step, the furthest reached: the ones before it are completed and may be opened again. */
  currentIndex: number;
  /** Index of the screen on view; it carries aria-current="step". */
  viewedIndex: number;
};

/** `furthest`: the step the application has reached but not yet completed; it is not the viewed one unless the user is on it. */
type StepState = 'completed' | 'furthest' | 'upcoming';

const stateLabels: Record<StepState, TranslationKey> = {
  completed: 'APPLICATION.STEPPER.STATE.COMPLETED',
  furthest: 'APPLICATION.STEPPER.STATE.FURTHEST',
  upcoming: 'APPLICATION.STEPPER.STATE.UPCOMING',
};

/**
 * The five steps as an ordered list (Documenso's stepper,
 * docs/requirements.md section 2). The viewed step carries aria-current="step"
 * and the strong marker; the furthest step reached, when the user has gone
 * back, keeps a dashed one.
 */
export function Stepper({ screens, currentIndex, viewedIndex }: StepperProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('APPLICATION.STEPPER.LABEL')} className={styles.stepper}>
      <ol className={styles.steps}>
        {screens.map((screen, index) => {
          const state: StepState = index < currentIndex ? 'completed' : index === currentIndex ? 'furthest' : 'upcoming';
          const isViewed = index === viewedIndex;
          const label = (
            <>
              <span className={styles.stepMarker} aria-hidden="true">
                {state === 'completed' ? <Icon name="check" size="small" /> : index + 1}
              </span>
              <span className={styles.stepLabel}>{t(screen.labelKey)}</span>
              <span className="visually-hidden">{t(stateLabels[state])}</span>
            </>
          );
          return (
            <li
              key={screen.screen}
              className={cx(styles.step, styles[state], isViewed && styles.viewed)}
              data-state={state}
              aria-current={isViewed ? 'step' : undefined}
            >
              {state === 'upcoming' || isViewed ? (
                <span className={styles.stepContent}>{label}</span>
              ) : (
                <Link to={screen.path} className={styles.stepContent}>
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
