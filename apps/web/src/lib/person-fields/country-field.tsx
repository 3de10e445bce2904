import { Controller, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { Combobox } from '../../ui';
import { useCountryOptions, withCurrent } from '../fields/options';
import { useFieldMessages } from '../fields/use-field-messages';

export type CountryFieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  label: string;
  hint?: string;
  /** Called with the chosen code after the form has it, e.g. to look the person up again. */
  onChosen?: (code: string) => void;
};

/** A country of the reference list, found by its name in the UI language or its ISO code. */
export function CountryField<T extends FieldValues>({ name, label, hint, onChosen }: CountryFieldProps<T>) {
  const { control } = useFormContext<T>();
  const messages = useFieldMessages<T>();
  const options = useCountryOptions();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        return (
          <Combobox
            ref={field.ref}
            label={label}
            hint={hint}
            options={withCurrent(options, value)}
            value={value}
            onChange={(code) => {
              field.onChange(code);
              onChosen?.(code);
            }}
            onBlur={field.onBlur}
            {...messages(name)}
          />
        );
      }}
    />
  );
}
