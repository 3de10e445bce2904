import { useFormContext, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../company-information/use-field-messages';
import type { OverviewFormValues } from './overview-form-values';

/** A field's message and touched state as the ui/ fields take them: messages only after touch or Continue. */
export function useOverviewFieldMessages() {
  const { t } = useTranslation();
  const { getFieldState, formState } = useFormContext<OverviewFormValues>();
  return (name: FieldPath<OverviewFormValues>) => {
    const state = getFieldState(name, formState);
    return { error: errorText(t, state.error), isTouched: state.isTouched || formState.isSubmitted };
  };
}
