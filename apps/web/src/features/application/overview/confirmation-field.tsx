import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../ui';
import type { OverviewFormValues } from './overview-form-values';
import { useFieldMessages } from '../../../lib/fields/use-field-messages';

/** docs/requirements.md section 3 "Overview": the data is correct and the funds are legal; it must be ticked. */
export function ConfirmationField() {
  const { t } = useTranslation();
  const { register } = useFormContext<OverviewFormValues>();
  const messages = useFieldMessages<OverviewFormValues>();
  return <Checkbox label={t('APPLICATION.OVERVIEW.CONFIRMATION')} {...messages('isDataCorrectAndFundsLegal')} {...register('isDataCorrectAndFundsLegal')} />;
}
