import { SCREENS, type Step } from '@onboarding/domain';
import { useTranslation } from 'react-i18next';
import { useApplicationLayout } from '../application-context';
import { STEP_SCREENS } from '../application-steps';
import { useLocale } from '../../../lib/fields/options';
import { companyRows } from './company-summary';
import { incomesRows } from './incomes-summary';
import { openingReasonsRows } from './opening-reasons-summary';
import { useReferenceNames } from './reference-names';
import { relatedPersonsRows } from './related-persons-summary';
import { StepSummary } from './step-summary';
import type { SummaryRows } from './summary-row';
import styles from './overview.module.css';

const SUMMARISED_SCREENS = STEP_SCREENS.filter((screen) => screen.screen !== SCREENS.overview);

/** What the four earlier steps saved, step by step, each with a way back to change it. */
export function ApplicationSummary() {
  const { t } = useTranslation();
  const locale = useLocale();
  const names = useReferenceNames();
  const { steps } = useApplicationLayout().application;
  const rows: Partial<Record<Step, SummaryRows>> = {
    AccountOpeningReason: openingReasonsRows(steps.AccountOpeningReason, t),
    CompanyData: companyRows(steps.CompanyData, t, names, locale),
    Incomes: incomesRows(steps.Incomes, t, locale),
    RelatedPersons: relatedPersonsRows(steps.RelatedPersons, t, locale),
  };
  return (
    <section aria-labelledby="overview-summary-title" className={styles.summary}>
      <h2 id="overview-summary-title" className={styles.sectionTitle}>
        {t('APPLICATION.OVERVIEW.SUMMARY.TITLE')}
      </h2>
      {SUMMARISED_SCREENS.map((screen) => (
        <StepSummary key={screen.screen} screen={screen} rows={rows[screen.step] ?? null} />
      ))}
    </section>
  );
}
