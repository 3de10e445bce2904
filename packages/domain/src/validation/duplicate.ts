import { validationIssue, type ValidationResult } from './codes.js';

export type ListEntry<T> = { id: string; value: T };

/**
 * docs/requirements.md section 5 "Duplicate": the value must not equal another
 * list entry with a different id. `key` decides what "equal" means (exact by
 * default).
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

/** Whether adding `value` to a list of plain values would repeat an entry: the Duplicate rule as a picker asks it. */
export const wouldRepeat = <T>(values: readonly T[], value: T): boolean =>
  validateDuplicate(
    { id: 'new', value },
    values.map((entry, index) => ({ id: String(index), value: entry })),
  ) !== null;

/** Indexes of the entries that repeat an earlier one: each repeat is flagged where it was added. */
export const repeatedEntryIndexes = <T>(values: readonly T[]): number[] =>
  values.flatMap((value, index) => (wouldRepeat(values.slice(0, index), value) ? [index] : []));
