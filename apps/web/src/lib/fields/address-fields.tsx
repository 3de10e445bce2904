import { DEFAULT_COUNTRY_CODE, type AddressDraft } from '@onboarding/domain';
import { Controller, useFormContext, useWatch, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Combobox, Input, Select, type SelectOption } from '../../ui';
import { usePlaces } from '../reference';
import { useCountryOptions, useLocale, withCurrent } from './options';
import { FromRegister } from './register-facts';
import { useFieldMessages } from './use-field-messages';
import styles from './form-layout.module.css';

/** Any form, seen through one of its addresses: the fields below work on `${name}.<part>`. */
type AddressForm = Record<string, AddressDraft>;

/** Keeps a value the reference list lacks (e.g. from the register) as an option, so it is shown, not lost. */
const withValue = (options: SelectOption[], value: string): SelectOption[] =>
  value === '' || options.some((option) => option.value === value) ? options : [...options, { value, label: value }];

/**
 * The fields of the domain's address schema: country, county, district, city,
 * street and postal code. In Estonia county → district → city are chosen from
 * the reference places (each choice clears the ones below it), and a
 * settlement the list lacks may be typed; elsewhere, or without the reference
 * data, they are typed.
 */
export function AddressFields<T extends FieldValues>(props: { name: FieldPathByValue<T, AddressDraft>; legend: string; note?: string }) {
  const { name, legend, note } = props as { name: string; legend: string; note?: string };
  const { t } = useTranslation();
  const locale = useLocale();
  const { register, control, setValue } = useFormContext<AddressForm>();
  const messages = useFieldMessages<AddressForm>();
  const countryOptions = useCountryOptions();
  const places = usePlaces();
  const [countryCode, county, district] = useWatch({ control, name: [`${name}.countryCode`, `${name}.county`, `${name}.district`] });
  const isChosenFromList = countryCode === DEFAULT_COUNTRY_CODE && places.isSuccess;
  const chosenCounty = places.data?.find((candidate) => candidate.name.et === county);
  const chosenDistrict = chosenCounty?.districts.find((candidate) => candidate.name === district);
  const clear = (...fields: ('district' | 'city')[]) => {
    for (const field of fields) setValue(`${name}.${field}`, '', { shouldDirty: true });
  };
  const choose = t('APPLICATION.COMPANY_INFORMATION.CHOOSE');

  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{legend}</legend>
      {note && <FromRegister>{note}</FromRegister>}
      <Controller
        control={control}
        name={`${name}.countryCode`}
        render={({ field }) => (
          <Combobox
            ref={field.ref}
            label={t('APPLICATION.COMPANY_INFORMATION.ADDRESS.COUNTRY')}
            options={withCurrent(countryOptions, field.value)}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            {...messages(`${name}.countryCode`)}
          />
        )}
      />
      {isChosenFromList ? (
        <div className={styles.grid}>
          <Select
            label={t('APPLICATION.COMPANY_INFORMATION.ADDRESS.COUNTY')}
            placeholder={choose}
            options={withValue(
              places.data.map((candidate) => ({ value: candidate.name.et, label: candidate.name[locale] })),
              county ?? '',
            )}
            {...messages(`${name}.county`)}
            {...register(`${name}.county`, { onChange: () => clear('district', 'city') })}
          />
          <Select
            label={t('APPLICATION.COMPANY_INFORMATION.ADDRESS.DISTRICT')}
            placeholder={choose}
            options={withValue(
              (chosenCounty?.districts ?? []).map((candidate) => ({ value: candidate.name, label: candidate.name })),
              district ?? '',
            )}
            {...messages(`${name}.district`)}
            {...register(`${name}.district`, { onChange: () => clear('city') })}
          />
          <Controller
            control={control}
            name={`${name}.city`}
            render={({ field }) => (
              // The reference list names a municipality's main settlements, not all (modules/reference/README.md): one not listed is typed.
              <Combobox
                ref={field.ref}
                label={t('APPLICATION.COMPANY_INFORMATION.ADDRESS.CITY')}
                hint={t('APPLICATION.COMPANY_INFORMATION.ADDRESS.CITY_HINT')}
                options={withCurrent(
                  (chosenDistrict?.cities ?? []).map((city) => ({ value: city, label: city })),
                  field.value,
                )}
                canTypeOwnValue
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                {...messages(`${name}.city`)}
              />
            )}
          />
        </div>
      ) : (
        <div className={styles.grid}>
          <Input
            label={t('APPLICATION.COMPANY_INFORMATION.ADDRESS.COUNTY_OPTIONAL')}
            autoComplete="address-level1"
            {...messages(`${name}.county`)}
            {...register(`${name}.county`)}
          />
          <Input
            label={t('APPLICATION.COMPANY_INFORMATION.ADDRESS.DISTRICT_OPTIONAL')}
            autoComplete="off"
            {...messages(`${name}.district`)}
            {...register(`${name}.district`)}
          />
          <Input
            label={t('APPLICATION.COMPANY_INFORMATION.ADDRESS.CITY')}
            autoComplete="address-level2"
            {...messages(`${name}.city`)}
            {...register(`${name}.city`)}
          />
        </div>
      )}
      <div className={styles.grid}>
        <Input
          label={t('APPLICATION.COMPANY_INFORMATION.ADDRESS.STREET')}
          autoComplete="street-address"
          {...messages(`${name}.street`)}
          {...register(`${name}.street`)}
        />
        <Input
          label={t('APPLICATION.COMPANY_INFORMATION.ADDRESS.POSTAL_CODE')}
          autoComplete="postal-code"
          className={styles.narrow}
          {...messages(`${name}.postalCode`)}
          {...register(`${name}.postalCode`)}
        />
      </div>
    </fieldset>
  );
}
