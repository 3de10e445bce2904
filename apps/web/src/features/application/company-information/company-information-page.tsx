import { DEFAULT_COUNTRY_CODE, type ApplicationView, type ContactLanguage } from '@onboarding/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui';
import { useApplicationLayout } from '../application-context';
import { useEconomicActivities } from '../../../lib/reference';
import { useRepresentative } from '../../../lib/representative';
import { isRegisterUnavailable, RegisterUnavailableNotice } from '../../../lib/register-unavailable';
import { useRegisterCard } from '../api/register-card';
import { CompanyInformationForm } from './company-information-form';
import { prefillValues, readValues, type CompanyFormValues, type Prefill } from './form-values';
import { useLocale } from '../../../lib/fields/options';
import layoutStyles from '../application-layout.module.css';
import styles from '../../../lib/fields/form-layout.module.css';

/**
 * /application/company-information (step CompanyData). The form starts from
 * the draft (newer than any save), else the saved step, else the register card (when the register
 * knows the application's company), else the application's company; the
 * EMTAK version is the reference list's, the business e-mail and phone the
 * representative's own until the application has its own. A register that does
 * not answer is said above the form, with a retry; the form works meanwhile,
 * and what is typed stays when the register answers.
 */
export function CompanyInformationPage() {
  const { t } = useTranslation();
  const { application, stepScreen } = useApplicationLayout();
  const { company } = application;
  const registerCard = useRegisterCard(
    company.registryCode && company.registryCountryCode === DEFAULT_COUNTRY_CODE
      ? { registryCode: company.registryCode, registryCountryCode: company.registryCountryCode }
      : null,
  );
  const activities = useEconomicActivities();
  const representative = useRepresentative();
  const isLoading = registerCard.isLoading || activities.isLoading || representative.isLoading;

  return (
    <section aria-labelledby="screen-title" className={layoutStyles.stepPage}>
      <h1 id="screen-title" className={layoutStyles.stepTitle} tabIndex={-1}>
        {t(stepScreen.titleKey)}
      </h1>
      <p className={styles.muted}>{t('APPLICATION.COMPANY_INFORMATION.INTRO')}</p>
      {registerCard.isError && isRegisterUnavailable(registerCard.error) && (
        <RegisterUnavailableNotice onRetry={() => void registerCard.refetch()} isRetrying={registerCard.isFetching} />
      )}
      {isLoading ? <Spinner /> : <LoadedForm register={registerCard.data} emtakVersion={activities.data?.version} representative={representative.data} />}
    </section>
  );
}

type LoadedFormProps = {
  register: Parameters<typeof CompanyInformationForm>[0]['register'];
  emtakVersion: string | undefined;
  representative: Prefill['representative'];
};

function LoadedForm({ register, emtakVersion, representative }: LoadedFormProps) {
  const { application } = useApplicationLayout();
  const locale = useLocale();
  // The form's values for what an application holds: read once for the form, again to merge another window's save.
  const valuesOf = (latest: ApplicationView): CompanyFormValues => {
    const base = prefillValues({ company: latest.company, register, emtakVersion, contactLanguage: locale.toUpperCase() as ContactLanguage, representative });
    // Saving a step deletes its draft, so a draft is always newer than the saved step: it wins, and a reload shows what was typed.
    const values = readValues(latest.drafts.CompanyData ?? latest.steps.CompanyData, base);
    // The company itself is the application's, fixed when it was started: the server refuses a step naming another.
    const { businessName, registryCode, registryCountryCode } = latest.company;
    return { ...values, businessName, registryCode: registryCode ?? '', registryCountryCode };
  };
  // Read once: a reload of the application (e.g. after 409) must not reset what is typed.
  const [initialValues] = useState<CompanyFormValues>(() => valuesOf(application));
  return <CompanyInformationForm initialValues={initialValues} valuesOf={valuesOf} register={register} />;
}
