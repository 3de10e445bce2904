import { OPENING_REASONS, openingReasonsSchema, type OpeningReason, type OpeningReasons } from '@onboarding/domain';
import type { FieldError, Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';
import type { z } from 'zod';
import { domainResolver } from '../../../lib/domain-resolver';

/** What the form holds; the draft is saved in this shape too. */
export type OpeningReasonsFormValues = { openingReasons: OpeningReason[]; otherReason: string };

export const OPENING_REASONS_FIELDS = ['openingReasons', 'otherReason'] as const;

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isReason = (value: unknown): value is OpeningReason => OPENING_REASONS.some((reason) => reason === value);

/** Form values from saved step data or a draft; anything unknown is left out. */
export function openingReasonsFormValues(data: unknown): OpeningReasonsFormValues {
  const source = isRecord(data) ? data : {};
  const reasons = Array.isArray(source.openingReasons) ? source.openingReasons.filter(isReason) : [];
  const otherReason = typeof source.otherReason === 'string' ? source.otherReason : '';
  // Saved data may carry the other text alone (the schema allows it): its field is shown with OTHER ticked.
  const chosen: OpeningReason[] = otherReason.trim() !== '' && !reasons.includes('OTHER') ? [...reasons, 'OTHER'] : reasons;
  return { openingReasons: OPENING_REASONS.filter((reason) => chosen.includes(reason)), otherReason };
}

type OpeningReasonsPayload = z.input<typeof openingReasonsSchema>;

/** The step payload: the other text goes only with OTHER ticked, since only then is its field shown. */
export function toOpeningReasonsPayload(values: OpeningReasonsFormValues): OpeningReasonsPayload {
  return values.openingReasons.includes('OTHER')
    ? { openingReasons: values.openingReasons, otherReason: values.otherReason }
    : { openingReasons: values.openingReasons };
}

const schemaResolver = domainResolver(openingReasonsSchema);

/** The domain schema over the payload the form would send; its paths are the form's field names. */
export const openingReasonsResolver: Resolver<OpeningReasonsFormValues, unknown, OpeningReasons> = async (values, context, options) => {
  const result = await schemaResolver(toOpeningReasonsPayload(values), context, options as unknown as ResolverOptions<OpeningReasonsPayload>);
  return result as unknown as ResolverResult<OpeningReasonsFormValues, OpeningReasons>;
};

/** A list field's error: the list's own (e.g. "choose at least one") or else its first item's. */
export function listError(error: unknown): FieldError | undefined {
  if (!isRecord(error) && !Array.isArray(error)) return undefined;
  const own = error as Partial<FieldError> & Record<string, unknown>;
  if (typeof own.message === 'string') return own as FieldError;
  const items = Array.isArray(error) ? (error as unknown[]) : Object.values(own);
  return items.find((item): item is FieldError => isRecord(item) && typeof item.message === 'string');
}
