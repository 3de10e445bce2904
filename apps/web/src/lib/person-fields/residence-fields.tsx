import { RESIDENCIES } from '@onboarding/domain';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioGroup } from '../../ui';
import { AddressFields } from '../fields/address-fields';
import { CountryField } from './country-field';
import type { OwnDetailsFormValues } from './own-details-values';
import { useFieldMessages } from '../fields/use-field-messages';
import { YesNoField } from '../fields/yes-no-field';
import formStyles from '../fields/form-layout.module.css';

const RP = 'APPLICATION.RELATED_PERSONS';

/** Residential address and country, residency, e-residency and where the person mostly lives and works. */
export function ResidenceFields() {
  const { t } = useTranslation();
  const { control } = useFormContext<OwnDetailsFormValues>();
  const messages = useFieldMessages<OwnDetailsFormValues>();
  return (
    <fieldset className={formStyles.section}>
      <legend className={formStyles.legend}>{t(`${RP}.SECTIONS.RESIDENCE`)}</legend>
      <AddressFields<OwnDetailsFormValues> name="residentialAddress" legend={t(`${RP}.SECTIONS.RESIDENTIAL_ADDRESS`)} />
      <CountryField<OwnDetailsFormValues> name="residentialCountryCode" label={t(`${RP}.FIELDS.RESIDENTIAL_COUNTRY`)} />
      <Controller
        control={control}
        name="residency"
        render={({ field }) => (
          <RadioGroup
            ref={field.ref}
            legend={t(`${RP}.FIELDS.RESIDENCY`)}
            name={field.name}
            orientation="horizontal"
            options={RESIDENCIES.map((value) => ({ value, label: t(`${RP}.RESIDENCY.${value}`) }))}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            {...messages('residency')}
          />
        )}
      />
      <YesNoField<OwnDetailsFormValues> name="isEResident" legend={t(`${RP}.FIELDS.IS_E_RESIDENT`)} />
      <YesNoField<OwnDetailsFormValues> name="livesAndWorksMostlyInEstonia" legend={t(`${RP}.FIELDS.LIVES_AND_WORKS_IN_ESTONIA`)} />
    </fieldset>
  );
}
