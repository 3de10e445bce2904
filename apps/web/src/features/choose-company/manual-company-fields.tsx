import { DEFAULT_COUNTRY_CODE, DEFAULT_LOCALE, LOCALES } from '@onboarding/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sortCountries, useCountries } from '../../lib/countries';
import { countryName } from '../../lib/country-name';
import { validationMessage } from '../../lib/domain-resolver';
import { Input, Select } from '../../ui';
import type { ManualCompanyForm } from './manual-company-form';
import { RegisterAutofill } from './register-autofill';
import styles from './choose-company-page.module.css';

const OTHER_COUNTRY = 'OTHER';

/**
 * The manual company form (docs/requirements.md sections 2 and 3): business
 * name, optional registry code, registry country EE by default, from the
 * reference country list. While that list cannot be had, the choice is Estonia
 * or another country typed as its ISO code. A registry code of one of the
 * person's companies in the business register offers to choose it from the list
 * instead (register-autofill.tsx).
 */
export function ManualCompanyFields({ form, onChooseRegistered }: { form: ManualCompanyForm; onChooseRegistered: (registryCode: string) => void }) {
  const { t, i18n } = useTranslation();
  const countries = useCountries();
  const locale = LOCALES.find((candidate) => candidate === i18n.resolvedLanguage) ?? DEFAULT_LOCALE;
  const { register, formState } = form;
  const { errors, touchedFields, isSubmitted } = formState;
  const isTouched = (field: keyof typeof touchedFields) => Boolean(touchedFields[field]) || isSubmitted;

  return (
    <fieldset className={styles.manual}>
      <legend className={styles.manualLegend}>{t('CHOOSE_COMPANY.MANUAL.TITLE')}</legend>
      <Input
        label={t('CHOOSE_COMPANY.MANUAL.BUSINESS_NAME')}
        autoComplete="organization"
        error={validationMessage(t, errors.businessName)}
        isTouched={isTouched('businessName')}
        {...register('businessName')}
      />
      <div>
        <Input
          label={t('CHOOSE_COMPANY.MANUAL.REGISTRY_CODE')}
          hint={t('CHOOSE_COMPANY.MANUAL.REGISTRY_CODE_HINT')}
          inputMode="numeric"
          autoComplete="off"
          error={validationMessage(t, errors.registryCode)}
          isTouched={isTouched('registryCode')}
          {...register('registryCode')}
        />
        <RegisterAutofill form={form} onChoose={onChooseRegistered} />
      </div>
      {countries.isSuccess ? (
        <Select
          label={t('CHOOSE_COMPANY.MANUAL.REGISTRY_COUNTRY')}
          options={sortCountries(countries.data, locale).map((country) => ({ value: country.code, label: country.name[locale] }))}
          error={validationMessage(t, errors.registryCountryCode)}
          isTouched={isTouched('registryCountryCode')}
          {...register('registryCountryCode')}
        />
      ) : (
        <FallbackCountry form={form} />
      )}
    </fieldset>
  );
}

/** Estonia, or another country by its code: for when the country list is loading or cannot be had. */
function FallbackCountry({ form }: { form: ManualCompanyForm }) {
  const { t, i18n } = useTranslation();
  const { register, setValue, formState, getValues } = form;
  const { errors, touchedFields, isSubmitted } = formState;
  const [countryChoice, setCountryChoice] = useState(getValues('registryCountryCode') === DEFAULT_COUNTRY_CODE ? DEFAULT_COUNTRY_CODE : OTHER_COUNTRY);
  const isTouched = Boolean(touchedFields.registryCountryCode) || isSubmitted;

  return (
    <>
      <Select
        label={t('CHOOSE_COMPANY.MANUAL.REGISTRY_COUNTRY')}
        value={countryChoice}
        options={[
          { value: DEFAULT_COUNTRY_CODE, label: countryName(DEFAULT_COUNTRY_CODE, i18n.resolvedLanguage ?? i18n.language) },
          { value: OTHER_COUNTRY, label: t('CHOOSE_COMPANY.MANUAL.OTHER_COUNTRY') },
        ]}
        onChange={(event) => {
          const choice = event.currentTarget.value;
          setCountryChoice(choice);
          setValue('registryCountryCode', choice === OTHER_COUNTRY ? '' : DEFAULT_COUNTRY_CODE, { shouldValidate: isSubmitted });
        }}
      />
      {countryChoice === OTHER_COUNTRY && (
        <Input
          label={t('CHOOSE_COMPANY.MANUAL.COUNTRY_CODE')}
          hint={t('CHOOSE_COMPANY.MANUAL.COUNTRY_CODE_HINT')}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={2}
          error={validationMessage(t, errors.registryCountryCode)}
          isTouched={isTouched}
          {...register('registryCountryCode', { setValueAs: (value: string) => value.trim().toUpperCase() })}
        />
      )}
    </>
  );
}
