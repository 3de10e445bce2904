import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioGroup } from '../../../ui';
import type { CompanyFormValues } from './form-values';
import { useFieldMessages } from './use-field-messages';

export type YesNoName = 'hasLicense' | 'isListedCompany' | 'hasAccountInOtherCreditInstitution' | 'hasAccountClosedInLastSixMonths';

/** A yes/no question as two radios; unanswered until one is chosen. */
export function YesNo({ name, legend }: { name: YesNoName; legend: string }) {
  const { t } = useTranslation();
  const { control } = useFormContext<CompanyFormValues>();
  const messages = useFieldMessages();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <RadioGroup
          ref={field.ref}
          legend={legend}
          name={field.name}
          orientation="horizontal"
          options={[
            { value: 'yes', label: t('APPLICATION.COMPANY_INFORMATION.YES') },
            { value: 'no', label: t('APPLICATION.COMPANY_INFORMATION.NO') },
          ]}
          value={field.value === null ? '' : field.value ? 'yes' : 'no'}
          onChange={(value) => field.onChange(value === 'yes')}
          onBlur={field.onBlur}
          {...messages(name)}
        />
      )}
    />
  );
}
