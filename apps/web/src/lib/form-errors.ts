import type { FieldIssue } from '@onboarding/domain';
import type { FieldValues, Path, UseFormSetError, UseFormSetFocus } from 'react-hook-form';

/**
 * Puts the API's `fields` (400 VALIDATION_FAILED) onto a form's fields, in the
 * shape domainResolver gives, and focuses the first. Returns false when none
 * of them names a field of this form, so the caller can show a general error.
 */
export function applyFieldIssues<T extends FieldValues>(
  fields: readonly FieldIssue[],
  setError: UseFormSetError<T>,
  setFocus: UseFormSetFocus<T>,
  fieldNames: readonly string[],
): boolean {
  const known = fields.filter((field) => fieldNames.some((name) => field.path === name || field.path.startsWith(`${name}.`)));
  for (const field of known) {
    const types = Object.fromEntries(Object.entries(field.params).map(([key, value]) => [key, String(value)]));
    setError(field.path as Path<T>, { type: field.code, message: field.code, types });
  }
  const first = known[0];
  if (first) setFocus(first.path as Path<T>);
  return first !== undefined;
}
