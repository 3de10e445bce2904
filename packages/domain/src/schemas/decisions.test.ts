import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECISION_TYPES, decisionRefusal, decisionSchema, FINAL_DECISIONS, isValidIban, statusAfterDecision, type DecisionType } from './decisions.js';

const STATUSES = ['IN_PROGRESS', 'SUBMITTED', 'VISIT_BANK', 'SUPERSEDED', 'CANCELLED', 'APPROVED', 'DECLINED'] as const;
const decisionType = fc.constantFrom(...DECISION_TYPES);
const steps = fc.option(fc.subarray(['CompanyData', 'Incomes', 'RelatedPersons'], { minLength: 1 }), { nil: null });

/** The ISO 13616 check digits of an IBAN body: what a bank computes when it issues the number. */
function withCheckDigits(country: string, bban: string): string {
  const numeric = [...`${bban}${country}00`].map((character) => (/\d/.test(character) ? character : String(character.charCodeAt(0) - 55))).join('');
  const remainder = Number([...numeric].reduce((sum, digit) => (sum * 10n + BigInt(digit)) % 97n, 0n));
  return `${country}${String(98 - remainder).padStart(2, '0')}${bban}`;
}

describe('decisionRefusal', () => {
  it('lets every decision through on a submitted application', () => {
    fc.assert(
      fc.property(decisionType, steps, (type, reopenedSteps) => {
        expect(decisionRefusal({ status: 'SUBMITTED', reopenedSteps }, { type })).toBeNull();
      }),
    );
  });

  it('refuses everything once the application has its final answer', () => {
    fc.assert(
      fc.property(fc.constantFrom('APPROVED', 'DECLINED'), decisionType, steps, (status, type, reopenedSteps) => {
        expect(decisionRefusal({ status, reopenedSteps }, { type })).toBe('APPLICATION_DECIDED');
      }),
    );
  });

  it('while reopened for more information lets only a refusal through', () => {
    fc.assert(
      fc.property(decisionType, fc.subarray(['CompanyData', 'Incomes'], { minLength: 1 }), (type, reopenedSteps) => {
        expect(decisionRefusal({ status: 'IN_PROGRESS', reopenedSteps }, { type })).toBe(type === 'DECLINED' ? null : 'APPLICATION_NOT_SUBMITTED');
      }),
    );
  });

  it('refuses every decision on an application being filled for the first time, superseded, cancelled or sent to the bank', () => {
    fc.assert(
      fc.property(fc.constantFrom('VISIT_BANK', 'SUPERSEDED', 'CANCELLED'), decisionType, steps, (status, type, reopenedSteps) => {
        expect(decisionRefusal({ status, reopenedSteps }, { type })).toBe('APPLICATION_NOT_SUBMITTED');
      }),
    );
    expect(decisionRefusal({ status: 'IN_PROGRESS', reopenedSteps: null }, { type: 'DECLINED' })).toBe('APPLICATION_NOT_SUBMITTED');
  });

  it('answers one of its three outcomes for any status', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...STATUSES), fc.string()), decisionType, steps, (status, type, reopenedSteps) => {
        expect([null, 'APPLICATION_DECIDED', 'APPLICATION_NOT_SUBMITTED']).toContain(decisionRefusal({ status, reopenedSteps }, { type }));
      }),
    );
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
        const refusal = decisionRefusal({ status, reopenedSteps }, { type: next });
        if (FINAL_DECISIONS.includes(type)) expect(refusal).toBe('APPLICATION_DECIDED');
        else if (status === 'SUBMITTED') expect(refusal).toBeNull();
        // Waiting for the signers the bank named: only a refusal may still come, until they have signed.
        else if (status === 'AWAITING_SIGNATURES') expect(refusal).toBe(next === 'DECLINED' ? null : 'APPLICATION_NOT_SUBMITTED');
      }),
    );
  });
});

describe('isValidIban', () => {
  it.each(['EE382200221020145685', 'GB82WEST12345698765432', 'DE89370400440532013000', 'LT121000011101001000'])('accepts %s', (iban) => {
    expect(isValidIban(iban)).toBe(true);
  });

  it.each(['EE382200221020145686', 'EE38 2200 2210 2014 5685', 'ee382200221020145685', 'EE3822', '', 'XX00ABCDEFGHIJKLM'])('refuses %j', (iban) => {
    expect(isValidIban(iban)).toBe(false);
  });

  it('accepts any body with the check digits a bank computes for it', () => {
    fc.assert(
      fc.property(fc.constantFrom('EE', 'LV', 'FI', 'DE'), fc.stringMatching(/^[0-9A-Z]{11,30}$/), (country, bban) => {
        expect(isValidIban(withCheckDigits(country, bban))).toBe(true);
      }),
    );
  });

  it('refuses any single changed digit of a valid IBAN', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{16}$/), fc.nat(15), fc.integer({ min: 1, max: 9 }), (bban, position, change) => {
        const iban = withCheckDigits('EE', bban);
        const index = 4 + position;
        const changed = `${iban.slice(0, index)}${(Number(iban[index]) + change) % 10}${iban.slice(index + 1)}`;
        expect(isValidIban(changed)).toBe(false);
      }),
    );
  });

  it('is what the APPROVED decision requires of its account number', () => {
    expect(decisionSchema.safeParse({ type: 'APPROVED', accountNumber: 'EE382200221020145685' }).success).toBe(true);
    expect(decisionSchema.safeParse({ type: 'APPROVED', accountNumber: 'EE382200221020145686' }).success).toBe(false);
  });
});
