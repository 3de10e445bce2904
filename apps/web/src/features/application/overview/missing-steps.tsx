import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TranslationKey } from '../../../i18n/keys';
import { STEP_SCREENS } from '../application-steps';
import type { ReviewedStepResult } from './api/review';
import { useFocusOnMount } from './use-focus-on-mount';
import styles from './overview.module.css';

const MISSING = 'APPLICATION.OVERVIEW.MISSING';

/** A step never saved has one issue at the root; otherwise each field with an issue counts once. */
const isNotStarted = (review: ReviewedStepResult) => review.issues.length > 0 && review.issues.every((issue) => issue.path === '');
const fieldCount = (review: ReviewedStepResult) => new Set(review.issues.map((issue) => issue.path)).size;
/** The register or the bank reopened the step, or the register stops the account from opening online: said as such, not as fields to fill. */
const registerReasonOf = (review: ReviewedStepResult): TranslationKey | undefined =>
  review.issues.some((issue) => issue.code === 'blockedByRegister')
    ? `${MISSING}.BLOCKED_BY_REGISTER`
    : review.issues.some((issue) => issue.code === 'registerChanged')
      ? `${MISSING}.REGISTER_CHANGED`
      : review.issues.some((issue) => issue.code === 'reopenedByBank')
        ? `${MISSING}.REOPENED_BY_BANK`
        : undefined;

/** After Continue, when the review is not complete: each incomplete step with a link to it and how much needs attention. */
export function MissingSteps({ steps }: { steps: readonly ReviewedStepResult[] }) {
  const { t } = useTranslation();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section aria-labelledby="overview-missing-title" className={styles.outcome} data-variant="missing">
      <h2 id="overview-missing-title" ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
        {t(`${MISSING}.TITLE`)}
      </h2>
      <p className={styles.outcomeText}>{t(`${MISSING}.INTRO`)}</p>
      <ul className={styles.missingList}>
        {steps.map((review) => {
          const screen = STEP_SCREENS.find((candidate) => candidate.screen === review.screen);
          if (!screen) return null;
          return (
            <li key={review.step} className={styles.missingItem}>
              <Link to={screen.path} className={styles.missingLink}>
                {t(screen.titleKey)}
              </Link>
              <span className={styles.missingCount}>
                {t(registerReasonOf(review) ?? (isNotStarted(review) ? `${MISSING}.NOT_STARTED` : `${MISSING}.FIELDS`), { number: fieldCount(review) })}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
