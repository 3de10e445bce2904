import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextArea } from '../../../ui';
import type { OverviewFormValues } from './overview-form-values';
import { useFieldMessages } from '../../../lib/fields/use-field-messages';

/** Anything else the representative wants the bank to know (optional). */
export function AdditionalInformationField() {
  const { t } = useTranslation();
  const { register } = useFormContext<OverviewFormValues>();
  const messages = useFieldMessages<OverviewFormValues>();
  return (
    <TextArea
      label={t('APPLICATION.OVERVIEW.ADDITIONAL_INFORMATION.LABEL')}
      hint={t('APPLICATION.OVERVIEW.ADDITIONAL_INFORMATION.HINT')}
      {...messages('additionalInformation')}
      {...register('additionalInformation')}
    />
  );
}
