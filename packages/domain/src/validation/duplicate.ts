import { validationIssue, type ValidationResult } from './codes.js';

export type ListEntry<T> = { id: string; value: T };

/**
 * SPEC.md section 5 "Duplicate": the value must not equal another list entry
 * with a different id. `key` decides what "equal" means (exact by default).
 */
export const validateDuplicate = <T>(
  entry: ListEntry<T>,
  entries: readonly ListEntry<T>[],
  key: (value: T) => unknown = (value) => value,
): ValidationResult => {
  const own = key(entry.value);
  const clash = entries.some((other) => other.id !== entry.id && key(other.value) === own);
  return clash ? validationIssue('notUnique') : null;
};
