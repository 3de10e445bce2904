import type { RegisterCompanyDetails } from '@onboarding/domain';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../ui';
import { Combobox } from './combobox';
import type { CompanyFormValues } from './form-values';
import { useCountryOptions, withCurrent } from './options';
import { useFieldMessages } from './use-field-messages';
import styles from './company-information.module.css';

/** Business name, registry code and registry country; what came from the register says so. */
export function CompanySection({ register: card }: { register: RegisterCompanyDetails | undefined }) {
  const { t } = useTranslation();
  const { register, control } = useFormContext<CompanyFormValues>();
  const messages = useFieldMessages();
  const countryOptions = useCountryOptions();
  const [businessName, registryCode, registryCountryCode] = useWatch({ control, name: ['businessName', 'registryCode', 'registryCountryCode'] });
  const fromRegister = (isSame: boolean) => (card && isSame ? <span className={styles.fromRegister}>{t('APPLICATION.COMPANY_INFORMATION.FROM_REGISTER')}</span> : undefined);

  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{t('APPLICATION.COMPANY_INFORMATION.SECTIONS.COMPANY')}</legend>
      <Input
        label={t('APPLICATION.COMPANY_INFORMATION.FIELDS.BUSINESS_NAME')}
        autoComplete="organization"
        hint={fromRegister(businessName === card?.businessName)}
        {...messages('businessName')}
        {...register('businessName')}
      />
      <Input
        label={t('APPLICATION.COMPANY_INFORMATION.FIELDS.REGISTRY_CODE')}
        inputMode="numeric"
        autoComplete="off"
        hint={fromRegister(registryCode === card?.registryCode)}
        {...messages('registryCode')}
        {...register('registryCode')}
      />
      <Controller
        control={control}
        name="registryCountryCode"
        render={({ field }) => (
          <Combobox
            ref={field.ref}
            label={t('APPLICATION.COMPANY_INFORMATION.FIELDS.REGISTRY_COUNTRY')}
            hint={fromRegister(registryCountryCode === card?.registryCountryCode)}
            options={withCurrent(countryOptions, field.value)}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            {...messages('registryCountryCode')}
          />
        )}
      />
    </fieldset>
  );
}
