import { Controller, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioGroup } from '../../ui';
import { useFieldMessages } from './use-field-messages';

/** A yes/no question as two radios, unanswered (null) until one is chosen. */
export function YesNoField<T extends FieldValues>({ name, legend, hint }: { name: FieldPath<T>; legend: string; hint?: string }) {
  const { t } = useTranslation();
  const { control } = useFormContext<T>();
  const messages = useFieldMessages<T>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <RadioGroup
          ref={field.ref}
          legend={legend}
          hint={hint}
          name={field.name}
          orientation="horizontal"
          options={[
            { value: 'yes', label: t('APPLICATION.COMPANY_INFORMATION.YES') },
            { value: 'no', label: t('APPLICATION.COMPANY_INFORMATION.NO') },
          ]}
          value={field.value === true ? 'yes' : field.value === false ? 'no' : ''}
          onChange={(value) => field.onChange(value === 'yes')}
          onBlur={field.onBlur}
          {...messages(name)}
        />
      )}
    />
  );
}
