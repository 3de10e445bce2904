import { useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../company-information/use-field-messages';

/**
 * The error and touched state of a field of the modal's form as the ui/
 * fields take them: messages only after touch or Save (SPEC.md section 2).
 */
export function useFieldMessages<T extends FieldValues>() {
  const { t } = useTranslation();
  const { getFieldState, formState } = useFormContext<T>();
  return (name: FieldPath<T>) => {
    const state = getFieldState(name, formState);
    return { error: errorText(t, state.error), isTouched: state.isTouched || formState.isSubmitted };
  };
}
