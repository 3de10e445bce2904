import { openingReasonsDraftSchema, openingReasonsFromDraft, openingReasonsSchema, type OpeningReasons, type OpeningReasonsDraft } from '@onboarding/domain';
import type { FieldError, Resolver } from 'react-hook-form';
import { draftResolver } from '../../../lib/domain-resolver';

/** What the form holds: the domain's draft of the step; the draft is saved in this shape too. */
export type OpeningReasonsFormValues = OpeningReasonsDraft;

/** The fields the server may name in a refusal. */
export const OPENING_REASONS_FIELDS = Object.keys(openingReasonsSchema.shape);

/** Form values from saved step data or a draft; anything unknown is left out. */
export const openingReasonsFormValues = (data: unknown): OpeningReasonsFormValues => openingReasonsDraftSchema.parse(data);

/** The domain schema over the step data the form would send; its paths are the form's field names. */
export const openingReasonsResolver: Resolver<OpeningReasonsFormValues, unknown, OpeningReasons> = draftResolver(openingReasonsSchema, openingReasonsFromDraft);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list field's error: the list's own (e.g. "choose at least one") or else its first item's. */
export function listError(error: unknown): FieldError | undefined {
  if (!isRecord(error) && !Array.isArray(error)) return undefined;
  const own = error as Partial<FieldError> & Record<string, unknown>;
  if (typeof own.message === 'string') return own as FieldError;
  const items = Array.isArray(error) ? (error as unknown[]) : Object.values(own);
  return items.find((item): item is FieldError => isRecord(item) && typeof item.message === 'string');
}
