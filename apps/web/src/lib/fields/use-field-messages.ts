import type { TFunction } from 'i18next';
import { useFormContext, type FieldError, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validationMessage } from '../domain-resolver';

const isFieldError = (error: unknown): error is FieldError =>
  typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string' && (error as { message: string }).message !== '';

/** A field's error; for a list or a group, its own or else the first of its entries' (e.g. a country added twice). */
export function firstError(error: unknown): FieldError | undefined {
  if (isFieldError(error)) return error;
  if (typeof error !== 'object' || error === null) return undefined;
  for (const entry of Array.isArray(error) ? error : Object.values(error)) {
    const found = firstError(entry);
    if (found) return found;
  }
  return undefined;
}

/** The text of a field's error as firstError finds it. */
export const errorText = (t: TFunction, error: unknown): string | undefined => validationMessage(t, firstError(error));

/**
 * The error and touched state of a form's field as the ui/ fields take them: messages only after touch or submit
 * (docs/requirements.md section 2).
 */
export function useFieldMessages<T extends FieldValues>() {
  const { t } = useTranslation();
  const { getFieldState, formState } = useFormContext<T>();
  return (name: FieldPath<T>) => {
    const state = getFieldState(name, formState);
    return { error: errorText(t, state.error), isTouched: state.isTouched || formState.isSubmitted };
  };
}
