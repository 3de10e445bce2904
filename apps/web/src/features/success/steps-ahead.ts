import type { Decision, FollowUp, TimelineEntry } from '@onboarding/domain';
import type { TranslationKey } from '../../i18n/keys';

/** Where the page stands, as far as what is still ahead goes. */
export type AheadState = 'SUBMITTED' | 'PROCESSING' | 'REOPENED' | 'FINAL';

/** Whether the timeline holds the bank's decision of this type. */
export const hasDecision = (entries: readonly TimelineEntry[], type: Decision['type']): boolean =>
  entries.some((entry) => entry.kind === 'DECISION' && entry.decision.type === type);

/**
 * The steps still ahead of a submitted application, in order, from its follow-up and what the timeline already
 * holds: the answer the bank asked for, the follow-up's own step (the invoice and its payment, the identification,
 * the board's signatures, the manager's call), and the account opened. Nothing once the bank has answered.
 */
export function stepsAhead(followUp: FollowUp, entries: readonly TimelineEntry[], state: AheadState, hasInvoice: boolean): TranslationKey[] {
  if (state === 'FINAL') return [];
  const ahead: TranslationKey[] = [];
  if (state === 'REOPENED') ahead.push('SUCCESS.TIMELINE.RESUBMITTED.TITLE');
  switch (followUp) {
    case 'PAY_SERVICE_FEE':
      if (!hasInvoice && !hasDecision(entries, 'FEE_INVOICED')) ahead.push('SUCCESS.AHEAD.FEE_INVOICE');
      if (!hasDecision(entries, 'FEE_PAID')) ahead.push('SUCCESS.TIMELINE.FEE_PAID.TITLE');
      break;
    case 'IDENTIFY_IN_OFFICE':
      if (!hasDecision(entries, 'IDENTIFIED')) ahead.push('SUCCESS.TIMELINE.IDENTIFIED.TITLE');
      break;
    case 'SIGN_BY_LINK':
      if (!hasDecision(entries, 'BOARD_SIGNATURE_RECEIVED')) ahead.push('SUCCESS.TIMELINE.BOARD_SIGNATURE_RECEIVED.TITLE');
      break;
    case 'MANAGER_CONTACT':
      if (state === 'SUBMITTED') ahead.push('SUCCESS.AHEAD.MANAGER_CONTACT');
      break;
  }
  ahead.push('SUCCESS.TIMELINE.APPROVED.TITLE');
  return ahead;
}
