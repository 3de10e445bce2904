import type { ApplicationView } from '@onboarding/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplicationLayout } from '../application-context';
import layoutStyles from '../application-layout.module.css';
import formStyles from '../fields/step-form.module.css';
import { useApplicationReview } from './api/review';
import { ApplicationSummary } from './application-summary';
import { OverviewForm } from './overview-form';
import { overviewFormValues } from './overview-form-values';
import { OverviewDiscrepancies } from './overview-discrepancies';
import { OverviewNotices } from './overview-notices';
import { OverviewSigning } from './overview-signing';

/**
 * /application/overview (steps AdditionalData and ApplicationOverview,
 * docs/requirements.md sections 2 and 3): the overview's own questions first,
 * then a summary of the four earlier steps with the notices the server finds
 * in them, then the confirmation and Continue.
 */
export function OverviewPage() {
  const { t } = useTranslation();
  const { application, step, processId } = useApplicationLayout();
  const review = useApplicationReview(processId);
  // Read once: a reload of the application (e.g. after 409) must not reset what is typed.
  // Saving a step deletes its draft, so a draft is always newer than the saved step: it wins.
  const valuesOf = (latest: ApplicationView) => overviewFormValues(latest.drafts[step] ?? latest.steps.ApplicationOverview ?? latest.steps.AdditionalData);
  const [initialValues] = useState(() => valuesOf(application));

  return (
    <section aria-labelledby="screen-title" className={layoutStyles.stepPage}>
      <h1 id="screen-title" className={layoutStyles.stepTitle} tabIndex={-1}>
        {t('SCREENS.OVERVIEW.TITLE')}
      </h1>
      <p className={formStyles.intro}>{t('APPLICATION.OVERVIEW.INTRO')}</p>
      <OverviewForm
        initialValues={initialValues}
        valuesOf={valuesOf}
        summary={
          <>
            <ApplicationSummary />
            <OverviewSigning signing={review.data?.signing} />
            <OverviewNotices notices={review.data?.notices} />
            <OverviewDiscrepancies discrepancies={review.data?.discrepancies} />
          </>
        }
      />
    </section>
  );
}
