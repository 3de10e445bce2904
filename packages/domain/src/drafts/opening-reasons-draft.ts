import type { z } from 'zod';
import { OPENING_REASONS, type OpeningReason, type OpeningReasonsInput } from '../schemas/opening-reasons.js';
import { draftChoices, draftObject, draftText } from './draft-fields.js';

/**
 * The opening reasons step as its form holds it. Saved data may carry the
 * other text alone (the schema allows it): its field is shown with OTHER
 * ticked.
 */
export const openingReasonsDraftSchema = draftObject({
  openingReasons: draftChoices(OPENING_REASONS),
  otherReason: draftText(),
} satisfies Record<keyof OpeningReasonsInput, z.ZodType>).transform(({ openingReasons, otherReason }) => {
  const chosen: OpeningReason[] = otherReason.trim() !== '' && !openingReasons.includes('OTHER') ? [...openingReasons, 'OTHER'] : openingReasons;
  return { openingReasons: OPENING_REASONS.filter((reason) => chosen.includes(reason)), otherReason };
});
export type OpeningReasonsDraft = z.output<typeof openingReasonsDraftSchema>;

/** The step data: the other text goes only with OTHER ticked, since only then is its field shown. */
export const openingReasonsFromDraft = ({ openingReasons, otherReason }: OpeningReasonsDraft): OpeningReasonsInput =>
  openingReasons.includes('OTHER') ? { openingReasons, otherReason } : { openingReasons };
