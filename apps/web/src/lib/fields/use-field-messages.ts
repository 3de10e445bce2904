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
 * For each form (its control), the number of submits there had been when each field was first shown. A field
 * that appears after a failed submit (a partner added, a tax residence) has not been submitted yet: its messages
 * wait for its own touch or the next submit, not the one before it existed.
 */
const firstShownAtSubmit = new WeakMap<object, Map<string, number>>();

function submitsBeforeShown(control: object, name: string, submitCount: number): number {
  let fields = firstShownAtSubmit.get(control);
  if (!fields) {
    fields = new Map();
    firstShownAtSubmit.set(control, fields);
  }
  if (!fields.has(name)) fields.set(name, submitCount);
  return fields.get(name) ?? submitCount;
}

/**
 * The error and touched state of a form's field as the ui/ fields take them: messages only after touch or after a
 * submit of the field (docs/requirements.md section 2).
 */
export function useFieldMessages<T extends FieldValues>() {
  const { t } = useTranslation();
  const { getFieldState, formState, control } = useFormContext<T>();
  return (name: FieldPath<T>) => {
    const state = getFieldState(name, formState);
    const isSubmitted = formState.submitCount > submitsBeforeShown(control, name, formState.submitCount);
    return { error: errorText(t, state.error), isTouched: state.isTouched || isSubmitted };
  };
}
