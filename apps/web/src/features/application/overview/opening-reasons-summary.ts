import { openingReasonsSchema } from '@onboarding/domain';
import type { TFunction } from 'i18next';
import type { SummaryRows } from './summary-row';

/** The chosen reasons by their labels on the opening reasons screen; the other reason with its text. */
export function openingReasonsRows(data: unknown, t: TFunction): SummaryRows {
  const parsed = openingReasonsSchema.safeParse(data);
  if (!parsed.success) return null;
  const { openingReasons, otherReason } = parsed.data;
  const otherText = t('APPLICATION.OVERVIEW.SUMMARY.LABELLED_TEXT', { label: t('APPLICATION.OPENING_REASONS.REASONS.OTHER.LABEL'), text: otherReason });
  const reasons = openingReasons.map((reason) => (reason === 'OTHER' && otherReason ? otherText : t(`APPLICATION.OPENING_REASONS.REASONS.${reason}.LABEL`)));
  // The schema accepts the other text without OTHER ticked; the reader must still see it.
  if (otherReason && !openingReasons.includes('OTHER')) reasons.push(otherText);
  return [{ id: 'openingReasons', label: t('APPLICATION.OPENING_REASONS.LEGEND'), value: reasons }];
}
