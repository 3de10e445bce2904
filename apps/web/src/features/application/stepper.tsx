import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../ui/class-names';
import type { TranslationKey } from '../../i18n/keys';
import { Icon } from '../../ui';
import type { StepScreen, StepState } from './application-steps';
import styles from './application-layout.module.css';

export type StepperProps = {
  screens: readonly StepScreen[];
  /** Each screen's state (stepStatesOf): the server-given step and the steps the bank reopened decide it. */
  states: readonly StepState[];
  /** Index of the screen on view; it carries aria-current="step". */
  viewedIndex: number;
};

const stateLabels: Record<StepState, TranslationKey> = {
  completed: 'APPLICATION.STEPPER.STATE.COMPLETED',
  furthest: 'APPLICATION.STEPPER.STATE.FURTHEST',
  upcoming: 'APPLICATION.STEPPER.STATE.UPCOMING',
  kept: 'APPLICATION.STEPPER.STATE.KEPT',
  reopened: 'APPLICATION.STEPPER.STATE.REOPENED',
};

/** Steps that may be opened from the stepper: the ones done and the one reached, unless the bank left it as signed. */
const isOpenable = (state: StepState): boolean => state === 'completed' || state === 'furthest';

/**
 * The five steps as an ordered list (Documenso's stepper,
 * docs/requirements.md section 2). The viewed step carries aria-current="step"
 * and the strong marker; the furthest step reached, when the user has gone
 * back, keeps a dashed one. While the bank's request for more information is
 * answered, the steps it left as signed are ticked and the ones it reopened are
 * marked to be filled in again.
 */
export function Stepper({ screens, states, viewedIndex }: StepperProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('APPLICATION.STEPPER.LABEL')} className={styles.stepper}>
      <ol className={styles.steps}>
        {screens.map((screen, index) => {
          const state = states[index] ?? 'upcoming';
          const isViewed = index === viewedIndex;
          const label = (
            <>
              <span className={styles.stepMarker} aria-hidden="true">
                {state === 'completed' || state === 'kept' ? <Icon name="check" size="small" /> : index + 1}
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
              {!isOpenable(state) || isViewed ? (
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
