import { ACCOUNT_CLOSURE_LOOKBACK_MONTHS } from '@onboarding/domain';
import { useTranslation } from 'react-i18next';
import { YesNoField } from '../../../lib/fields/yes-no-field';
import type { CompanyFormValues } from './form-values';
import styles from '../../../lib/fields/form-layout.module.css';

/** Listed company, an account elsewhere and an account closed within the look-back (docs/requirements.md sections 3 and 9). */
export function OtherFlagsSection() {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{t('APPLICATION.COMPANY_INFORMATION.SECTIONS.OTHER')}</legend>
      <YesNoField<CompanyFormValues> name="isListedCompany" legend={t('APPLICATION.COMPANY_INFORMATION.FLAGS.IS_LISTED_COMPANY')} />
      <YesNoField<CompanyFormValues>
        name="hasAccountInOtherCreditInstitution"
        legend={t('APPLICATION.COMPANY_INFORMATION.FLAGS.HAS_ACCOUNT_IN_OTHER_CREDIT_INSTITUTION')}
      />
      <YesNoField<CompanyFormValues>
        name="hasAccountClosedInLastSixMonths"
        legend={t('APPLICATION.COMPANY_INFORMATION.FLAGS.HAS_ACCOUNT_CLOSED_IN_LAST_SIX_MONTHS', { months: ACCOUNT_CLOSURE_LOOKBACK_MONTHS })}
      />
    </fieldset>
  );
}
