import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECISION_TYPES, decisionRefusal, FINAL_DECISIONS, statusAfterDecision, type DecisionType } from './decisions.js';

const STATUSES = ['IN_PROGRESS', 'SUBMITTED', 'VISIT_BANK', 'SUPERSEDED', 'CANCELLED', 'APPROVED', 'DECLINED'] as const;
const decisionType = fc.constantFrom(...DECISION_TYPES);
const steps = fc.option(fc.subarray(['CompanyData', 'Incomes', 'RelatedPersons'], { minLength: 1 }), { nil: null });

describe('decisionRefusal', () => {
  it('lets every decision through on a submitted application', () => {
    fc.assert(
      fc.property(decisionType, steps, (type, reopenedSteps) => {
        expect(decisionRefusal({ status: 'SUBMITTED', reopenedSteps, serviceFeeInvoice: null }, { type })).toBeNull();
      }),
    );
  });

  it('refuses everything once the application has its final answer', () => {
    fc.assert(
      fc.property(fc.constantFrom('APPROVED', 'DECLINED'), decisionType, steps, (status, type, reopenedSteps) => {
        expect(decisionRefusal({ status, reopenedSteps, serviceFeeInvoice: null }, { type })).toBe('APPLICATION_DECIDED');
      }),
    );
  });

  it('while reopened for more information lets only a refusal through', () => {
    fc.assert(
      fc.property(decisionType, fc.subarray(['CompanyData', 'Incomes'], { minLength: 1 }), (type, reopenedSteps) => {
        expect(decisionRefusal({ status: 'IN_PROGRESS', reopenedSteps, serviceFeeInvoice: null }, { type })).toBe(
          type === 'DECLINED' ? null : 'APPLICATION_NOT_SUBMITTED',
        );
      }),
    );
  });

  it('refuses every decision on an application being filled for the first time, superseded, cancelled or sent to the bank', () => {
    fc.assert(
      fc.property(fc.constantFrom('VISIT_BANK', 'SUPERSEDED', 'CANCELLED'), decisionType, steps, (status, type, reopenedSteps) => {
        expect(decisionRefusal({ status, reopenedSteps, serviceFeeInvoice: null }, { type })).toBe('APPLICATION_NOT_SUBMITTED');
      }),
    );
    expect(decisionRefusal({ status: 'IN_PROGRESS', reopenedSteps: null, serviceFeeInvoice: null }, { type: 'DECLINED' })).toBe('APPLICATION_NOT_SUBMITTED');
  });

  it('answers one of its four outcomes for any status', () => {
    const invoice = fc.option(fc.constant({ amountCents: 3500 }), { nil: null });
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...STATUSES), fc.string()), decisionType, steps, invoice, (status, type, reopenedSteps, serviceFeeInvoice) => {
        expect([null, 'APPLICATION_DECIDED', 'APPLICATION_NOT_SUBMITTED', 'FEE_ALREADY_INVOICED']).toContain(
          decisionRefusal({ status, reopenedSteps, serviceFeeInvoice }, { type }),
        );
      }),
    );
  });

  it('invoices the fee once: a second FEE_INVOICED is refused, whoever issued the first, and nothing else is', () => {
    const invoiced = { status: 'SUBMITTED', reopenedSteps: null, serviceFeeInvoice: { amountCents: 3500, dueDate: '2026-12-13' } };
    expect(decisionRefusal(invoiced, { type: 'FEE_INVOICED' })).toBe('FEE_ALREADY_INVOICED');
    expect(decisionRefusal({ ...invoiced, serviceFeeInvoice: null }, { type: 'FEE_INVOICED' })).toBeNull();
    fc.assert(
      fc.property(
        decisionType.filter((type) => type !== 'FEE_INVOICED'),
        (type) => {
          expect(decisionRefusal(invoiced, { type })).toBeNull();
        },
      ),
    );
    // A final answer still says so first.
    expect(decisionRefusal({ ...invoiced, status: 'APPROVED' }, { type: 'FEE_INVOICED' })).toBe('APPLICATION_DECIDED');
  });
});

describe('statusAfterDecision', () => {
  it.each<[DecisionType, string]>([
    ['FEE_INVOICED', 'SUBMITTED'],
    ['FEE_PAID', 'SUBMITTED'],
    ['IDENTIFICATION_BOOKED', 'SUBMITTED'],
    ['IDENTIFIED', 'SUBMITTED'],
    ['BOARD_SIGNATURE_REQUESTED', 'SUBMITTED'],
    ['BOARD_SIGNATURE_RECEIVED', 'SUBMITTED'],
    ['SIGNERS_NAMED', 'AWAITING_SIGNATURES'],
    ['MORE_INFORMATION_NEEDED', 'IN_PROGRESS'],
    ['APPROVED', 'APPROVED'],
    ['DECLINED', 'DECLINED'],
  ])('%s leaves the application %s', (type, status) => {
    expect(statusAfterDecision({ type })).toBe(status);
  });

  it('gives a decided status exactly for the final decisions, and after it nothing more is decided', () => {
    fc.assert(
      fc.property(decisionType, decisionType, (type, next) => {
        const status = statusAfterDecision({ type });
        expect(status === 'APPROVED' || status === 'DECLINED').toBe(FINAL_DECISIONS.includes(type));
        const reopenedSteps = type === 'MORE_INFORMATION_NEEDED' ? ['CompanyData'] : null;
        const refusal = decisionRefusal({ status, reopenedSteps, serviceFeeInvoice: null }, { type: next });
        if (FINAL_DECISIONS.includes(type)) expect(refusal).toBe('APPLICATION_DECIDED');
        else if (status === 'SUBMITTED') expect(refusal).toBeNull();
        // Waiting for the signers the bank named: only a refusal may still come, until they have signed.
        else if (status === 'AWAITING_SIGNATURES') expect(refusal).toBe(next === 'DECLINED' ? null : 'APPLICATION_NOT_SUBMITTED');
      }),
    );
  });
});
