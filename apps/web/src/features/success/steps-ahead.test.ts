import type { TimelineEntry } from '@onboarding/domain';
import { describe, expect, it } from 'vitest';
import { stepsAhead } from './steps-ahead';

const submitted: TimelineEntry = { kind: 'SUBMITTED', at: '2026-11-02T10:00:00Z', method: 'SMART_ID', isResubmission: false };
const decision = (type: 'FEE_PAID' | 'IDENTIFIED' | 'BOARD_SIGNATURE_RECEIVED'): TimelineEntry =>
  ({ kind: 'DECISION', at: '2026-11-03T10:00:00Z', decision: { type } }) as TimelineEntry;

describe('steps ahead of a submitted application', () => {
  it('the fee: its invoice until there is one, its payment until received, then the account', () => {
    expect(stepsAhead('PAY_SERVICE_FEE', [submitted], 'SUBMITTED', false)).toEqual([
      'SUCCESS.AHEAD.FEE_INVOICE',
      'SUCCESS.TIMELINE.FEE_PAID.TITLE',
      'SUCCESS.TIMELINE.APPROVED.TITLE',
    ]);
    expect(stepsAhead('PAY_SERVICE_FEE', [submitted], 'SUBMITTED', true)).toEqual(['SUCCESS.TIMELINE.FEE_PAID.TITLE', 'SUCCESS.TIMELINE.APPROVED.TITLE']);
    expect(stepsAhead('PAY_SERVICE_FEE', [submitted, decision('FEE_PAID')], 'PROCESSING', true)).toEqual(['SUCCESS.TIMELINE.APPROVED.TITLE']);
  });

  it('the office, the board and the manager each add their own step', () => {
    expect(stepsAhead('IDENTIFY_IN_OFFICE', [submitted], 'SUBMITTED', false)).toEqual(['SUCCESS.TIMELINE.IDENTIFIED.TITLE', 'SUCCESS.TIMELINE.APPROVED.TITLE']);
    expect(stepsAhead('IDENTIFY_IN_OFFICE', [submitted, decision('IDENTIFIED')], 'PROCESSING', false)).toEqual(['SUCCESS.TIMELINE.APPROVED.TITLE']);
    expect(stepsAhead('SIGN_BY_LINK', [submitted], 'SUBMITTED', false)).toEqual([
      'SUCCESS.TIMELINE.BOARD_SIGNATURE_RECEIVED.TITLE',
      'SUCCESS.TIMELINE.APPROVED.TITLE',
    ]);
    expect(stepsAhead('MANAGER_CONTACT', [submitted], 'SUBMITTED', false)).toEqual(['SUCCESS.AHEAD.MANAGER_CONTACT', 'SUCCESS.TIMELINE.APPROVED.TITLE']);
    // Once the bank has acted, the manager has been in touch.
    expect(stepsAhead('MANAGER_CONTACT', [submitted], 'PROCESSING', false)).toEqual(['SUCCESS.TIMELINE.APPROVED.TITLE']);
  });

  it('a reopened application is first submitted again; a final answer leaves nothing ahead', () => {
    expect(stepsAhead('MANAGER_CONTACT', [submitted], 'REOPENED', false)[0]).toBe('SUCCESS.TIMELINE.RESUBMITTED.TITLE');
    expect(stepsAhead('PAY_SERVICE_FEE', [submitted], 'FINAL', false)).toEqual([]);
  });
});
