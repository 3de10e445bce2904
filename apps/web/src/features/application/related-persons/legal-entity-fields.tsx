import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RegisterUnavailableNotice } from '../../../lib/register-unavailable';
import { Input } from '../../../ui';
import { CountryField } from '../../../lib/person-fields/country-field';
import type { LegalEntityFormValues } from './person-form-values';
import { useFieldMessages } from '../../../lib/fields/use-field-messages';
import { useBusinessRegisterAutofill } from './use-register-autofill';
import formStyles from '../../../lib/fields/form-layout.module.css';
import styles from './related-persons.module.css';

const RP = 'APPLICATION.RELATED_PERSONS';

/**
 * Registry country, registry code and business name; a known Estonian registry code fills an empty name, and a
 * register that does not answer is said beside the code, with a retry, while the name may be typed.
 */
export function LegalEntityFields() {
  const { t } = useTranslation();
  const form = useFormContext<LegalEntityFormValues>();
  const messages = useFieldMessages<LegalEntityFormValues>();
  const autofill = useBusinessRegisterAutofill(form);
  return (
    <fieldset className={formStyles.section}>
      <legend className={formStyles.legend}>{t(`${RP}.SECTIONS.ENTITY`)}</legend>
      <CountryField<LegalEntityFormValues> name="registryCountryCode" label={t(`${RP}.FIELDS.REGISTRY_COUNTRY`)} onChosen={autofill.lookUp} />
      <Input
        label={t(`${RP}.FIELDS.REGISTRY_CODE`)}
        inputMode="numeric"
        autoComplete="off"
        {...messages('registryCode')}
        {...form.register('registryCode', { onChange: autofill.lookUp })}
      />
      <div aria-live="polite" className={styles.autofillRegion}>
        {autofill.isFilled && <p className={styles.autofill}>{t(`${RP}.AUTOFILL.COMPANY_FILLED`)}</p>}
        {autofill.isUnavailable && <RegisterUnavailableNotice isAlert={false} onRetry={() => void autofill.retry()} isRetrying={autofill.isRetrying} />}
      </div>
      <Input label={t(`${RP}.FIELDS.BUSINESS_NAME`)} autoComplete="off" {...messages('businessName')} {...form.register('businessName')} />
    </fieldset>
  );
}
