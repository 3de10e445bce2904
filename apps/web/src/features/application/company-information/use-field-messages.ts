import type { TFunction } from 'i18next';
import { useFormContext, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validationMessage } from '../../../lib/domain-resolver';
import type { CompanyFormValues } from './form-values';

type ErrorLike = { message?: unknown; types?: unknown };

/** A field's message; for a list, its own error or the first of its entries' (e.g. a country added twice). */
export function errorText(t: TFunction, error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = error as ErrorLike;
  if (typeof candidate.message === 'string' && candidate.message !== '') {
    const types = typeof candidate.types === 'object' && candidate.types !== null ? (candidate.types as Record<string, string>) : undefined;
    return validationMessage(t, { message: candidate.message, types });
  }
  const entries = Array.isArray(error) ? error : Object.values(error);
  for (const entry of entries) {
    const text = errorText(t, entry);
    if (text) return text;
  }
  return undefined;
}

/** The error and touched state of a field as the ui/ fields take them: messages only after touch or Continue. */
export function useFieldMessages() {
  const { t } = useTranslation();
  const { getFieldState, formState } = useFormContext<CompanyFormValues>();
  return (name: FieldPath<CompanyFormValues>) => {
    const state = getFieldState(name, formState);
    return { error: errorText(t, state.error), isTouched: state.isTouched || formState.isSubmitted };
  };
}
