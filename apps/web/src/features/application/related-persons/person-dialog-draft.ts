import { RELATED_PERSON_TYPES } from '@onboarding/domain';
import { readUnsavedDialog, writeUnsavedDialog } from '../../../lib/unsaved-edits';
import type { PersonValues } from './form-values';
import type { PersonModalTarget } from './person-modal';

const STEP = 'RelatedPersons';

/** The person dialog as it was left: whom it edits and the form's values as typed (JSON). */
export type PersonDialogDraft = { target: PersonModalTarget; values: Record<string, unknown> };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function targetOf(value: unknown): PersonModalTarget | null {
  if (!isRecord(value)) return null;
  const { type, personId, isCompleting, newId } = value;
  if (!RELATED_PERSON_TYPES.some((known) => known === type) || typeof newId !== 'string' || typeof isCompleting !== 'boolean') return null;
  if (personId !== null && typeof personId !== 'string') return null;
  return { type: type as PersonModalTarget['type'], personId, isCompleting, newId };
}

/**
 * The person dialog a reload closed before it was saved or cancelled (ADR
 * 0014's session storage, under the step's key), when it still fits the
 * persons: the person it edited is still there, a new person's id still free.
 */
export function readPersonDialogDraft(processId: string, persons: readonly PersonValues[]): PersonDialogDraft | null {
  const stored = readUnsavedDialog(processId, STEP);
  if (!isRecord(stored) || !isRecord(stored.values)) return null;
  const target = targetOf(stored.target);
  if (!target) return null;
  const person = target.personId === null ? undefined : persons.find((candidate) => candidate.id === target.personId);
  const fits = target.personId === null ? !persons.some((candidate) => candidate.id === target.newId) : person?.type === target.type;
  return fits ? { target, values: stored.values } : null;
}

/** Keeps the dialog's input while it is open; null when it is saved or cancelled. */
export function writePersonDialogDraft(processId: string, draft: PersonDialogDraft | null): void {
  writeUnsavedDialog(processId, STEP, draft);
}
