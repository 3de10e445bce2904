import { CONTACT_LANGUAGES } from '@onboarding/domain';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input, RadioGroup } from '../../../ui';
import type { CompanyFormValues } from './form-values';
import { useFieldMessages } from '../../../lib/fields/use-field-messages';
import styles from '../../../lib/fields/form-layout.module.css';

/** Business e-mail and phone, and the language the bank writes to the company in. */
export function ContactSection() {
  const { t } = useTranslation();
  const { register, control } = useFormContext<CompanyFormValues>();
  const messages = useFieldMessages<CompanyFormValues>();

  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{t('APPLICATION.COMPANY_INFORMATION.SECTIONS.CONTACT')}</legend>
      <Input
        label={t('APPLICATION.COMPANY_INFORMATION.FIELDS.BUSINESS_EMAIL')}
        type="email"
        autoComplete="email"
        {...messages('businessEmail')}
        {...register('businessEmail')}
      />
      <Input
        label={t('APPLICATION.COMPANY_INFORMATION.FIELDS.BUSINESS_PHONE')}
        hint={t('APPLICATION.COMPANY_INFORMATION.FIELDS.BUSINESS_PHONE_HINT')}
        type="tel"
        autoComplete="tel"
        {...messages('businessPhone')}
        {...register('businessPhone')}
      />
      <Controller
        control={control}
        name="contactLanguage"
        render={({ field }) => (
          <RadioGroup
            ref={field.ref}
            legend={t('APPLICATION.COMPANY_INFORMATION.FIELDS.CONTACT_LANGUAGE')}
            name={field.name}
            orientation="horizontal"
            options={CONTACT_LANGUAGES.map((value) => ({ value, label: t(`APPLICATION.COMPANY_INFORMATION.LANGUAGES.${value}`) }))}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            {...messages('contactLanguage')}
          />
        )}
      />
    </fieldset>
  );
}
