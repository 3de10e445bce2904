import { RESIDENCIES } from '@onboarding/domain';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioGroup } from '../../../ui';
import { AddressFields } from '../company-information/address-fields';
import { CountryField } from './country-field';
import type { PrivatePersonFormValues } from './person-form-values';
import { useFieldMessages } from './use-field-messages';
import { YesNoField } from './yes-no-field';
import formStyles from '../fields/form-layout.module.css';

const RP = 'APPLICATION.RELATED_PERSONS';

/**
 * AddressFields works on any form whose address has the domain's address
 * fields; its `name` is typed to the company form's two addresses only, so the
 * residential address is passed under that type (see the report: the prop
 * could be widened to a generic field path).
 */
const RESIDENTIAL_ADDRESS = 'residentialAddress' as 'legalAddress';

/** Residential address and country, residency, e-residency and where the person mostly lives and works. */
export function ResidenceFields() {
  const { t } = useTranslation();
  const { control } = useFormContext<PrivatePersonFormValues>();
  const messages = useFieldMessages<PrivatePersonFormValues>();
  return (
    <fieldset className={formStyles.section}>
      <legend className={formStyles.legend}>{t(`${RP}.SECTIONS.RESIDENCE`)}</legend>
      <AddressFields name={RESIDENTIAL_ADDRESS} legend={t(`${RP}.SECTIONS.RESIDENTIAL_ADDRESS`)} />
      <CountryField<PrivatePersonFormValues> name="residentialCountryCode" label={t(`${RP}.FIELDS.RESIDENTIAL_COUNTRY`)} />
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
      <YesNoField<PrivatePersonFormValues> name="isEResident" legend={t(`${RP}.FIELDS.IS_E_RESIDENT`)} />
      <YesNoField<PrivatePersonFormValues> name="livesAndWorksMostlyInEstonia" legend={t(`${RP}.FIELDS.LIVES_AND_WORKS_IN_ESTONIA`)} />
    </fieldset>
  );
}
