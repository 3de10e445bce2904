import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../ui';
import { useFieldMessages } from '../../../lib/fields/use-field-messages';
import { YesNoField } from '../../../lib/fields/yes-no-field';
import type { CompanyFormValues } from './form-values';
import styles from '../../../lib/fields/form-layout.module.css';

/** Whether the activity is licensed and, if so, the licence's number, issuer and date of issue. */
export function LicenseSection() {
  const { t } = useTranslation();
  const { register, control } = useFormContext<CompanyFormValues>();
  const messages = useFieldMessages<CompanyFormValues>();
  const hasLicense = useWatch({ control, name: 'hasLicense' });

  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{t('APPLICATION.COMPANY_INFORMATION.SECTIONS.LICENSE')}</legend>
      <YesNoField<CompanyFormValues> name="hasLicense" legend={t('APPLICATION.COMPANY_INFORMATION.LICENSE.HAS_LICENSE')} />
      {hasLicense === true && (
        <div className={styles.grid}>
          <Input
            label={t('APPLICATION.COMPANY_INFORMATION.LICENSE.NUMBER')}
            autoComplete="off"
            {...messages('license.number')}
            {...register('license.number')}
          />
          <Input
            label={t('APPLICATION.COMPANY_INFORMATION.LICENSE.ISSUER')}
            autoComplete="off"
            {...messages('license.issuer')}
            {...register('license.issuer')}
          />
          <Input
            label={t('APPLICATION.COMPANY_INFORMATION.LICENSE.ISSUE_DATE')}
            type="date"
            className={styles.narrow}
            {...messages('license.issueDate')}
            {...register('license.issueDate')}
          />
        </div>
      )}
    </fieldset>
  );
}
