import type { z } from 'zod';
import { TEXT_MAX_LENGTH } from '../constants.js';
import { validationIssue, type ValidationResult } from '../validation/codes.js';
import { addValidationIssue, list, object, oneOf, optionalText, whenValid } from './fields.js';

/** docs/requirements.md section 3: the five opening reasons. */
export const OPENING_REASONS = ['CREDIT_PRODUCT', 'DOMESTICSETTLEMENTS', 'CROSSBORDERSETTLEMENTS', 'DEPOSIT', 'OTHER'] as const;
export type OpeningReason = (typeof OPENING_REASONS)[number];

export type OpeningReasonsValue = { openingReasons: readonly OpeningReason[]; otherReason?: string | undefined };

/** docs/requirements.md section 5: at least one reason chosen, or the other reason filled. */
export const validateOpeningReasons = ({ openingReasons, otherReason }: OpeningReasonsValue): ValidationResult => {
  const hasOther = (otherReason ?? '').trim() !== '';
  const hasChosen = openingReasons.some((reason) => reason !== 'OTHER');
  return hasChosen || hasOther ? null : validationIssue('openingReasonRequired');
};

export const openingReasonsSchema = object({
  openingReasons: list(oneOf(OPENING_REASONS), { max: OPENING_REASONS.length }),
  otherReason: optionalText({ max: TEXT_MAX_LENGTH.long }),
}).superRefine(
  (value, ctx) => {
    const issue = validateOpeningReasons(value);
    if (issue) addValidationIssue(ctx, issue, ['openingReasons']);
    if (value.openingReasons.includes('OTHER') && !value.otherReason) {
      addValidationIssue(ctx, validationIssue('required'), ['otherReason']);
    }
  },
  whenValid('openingReasons', 'otherReason'),
);
export type OpeningReasons = z.infer<typeof openingReasonsSchema>;
export type OpeningReasonsInput = z.input<typeof openingReasonsSchema>;
