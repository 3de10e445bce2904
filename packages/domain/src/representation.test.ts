import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coSigningNamedByBank, coSigningOf, hasEnoughSignatures, needsRepresentationReview, signingRequirement, signingSummaryOf } from './representation.js';
import type { CompanyRepresentation, RegisterRepresentative, RepresentationRule } from './schemas/representation.js';

const board = (personalId: string, mayActAlone: boolean, role: RegisterRepresentative['role'] = 'MANAGEMENT_BOARD_MEMBER'): RegisterRepresentative => ({
  firstName: `First ${personalId}`,
  lastName: 'TESTNUMBER',
  personalId,
  personalIdCountryCode: 'EE',
  role,
  mayActAlone,
});
const me = { personalId: '38001085718', personalIdCountryCode: 'EE' };
const company = (rule: RepresentationRule, representatives: RegisterRepresentative[], specialConditions: string[] = []): CompanyRepresentation => ({
  rule,
  representatives,
  specialConditions,
});

/** Personal codes the register's answers are drawn from: the signed-in person's among them. */
const CODES = [me.personalId, '47302200234', '50001029996', '60001019906', '47103220312'];

/** Any representative the register may list, with a personal code drawn from `personalId`. */
const representativeWith = (personalId: fc.Arbitrary<string | undefined>) =>
  fc.record({
    firstName: fc.constantFrom('Mari', 'Jaan'),
    lastName: fc.constant('TESTNUMBER'),
    personalId,
    personalIdCountryCode: fc.constantFrom('EE', 'ee'),
    role: fc.constantFrom('MANAGEMENT_BOARD_MEMBER', 'AUTHORIZED_PERSON', 'LIQUIDATOR'),
    mayActAlone: fc.boolean(),
  });

/** Any rule the register's answer maps to. */
const anyRule = fc.oneof(
  fc.constant<RepresentationRule>({ kind: 'EACH_ALONE' }),
  fc.constant<RepresentationRule>({ kind: 'ALL_JOINTLY' }),
  fc.constant<RepresentationRule>({ kind: 'UNKNOWN' }),
  fc.integer({ min: 2, max: 5 }).map((count): RepresentationRule => ({ kind: 'JOINTLY', count })),
);

describe('who signs with the signed-in person (docs/register-facts.md section 5)', () => {
  it('a one-person OÜ: alone', () => {
    expect(signingRequirement(company({ kind: 'EACH_ALONE' }, [board(me.personalId, true)]), me)).toEqual({ kind: 'ALONE' });
  });

  it('a board of three, two jointly: one more of the other two', () => {
    const others = [board('47302200234', false), board('50001029996', false)];
    expect(signingRequirement(company({ kind: 'JOINTLY', count: 2 }, [board(me.personalId, false), ...others]), me)).toEqual({
      kind: 'TOGETHER',
      othersNeeded: 1,
      candidates: others,
    });
  });

  it('all jointly: every other board member, each once though the register lists a person twice', () => {
    const other = board('47302200234', false);
    const representation = company({ kind: 'ALL_JOINTLY' }, [board(me.personalId, false), other, { ...other, role: 'MANAGEMENT_BOARD_MEMBER' }]);
    expect(signingRequirement(representation, me)).toEqual({ kind: 'TOGETHER', othersNeeded: 1, candidates: [other] });
  });

  it('the register’s answer for the person wins over the board’s rule: JAH is alone', () => {
    expect(signingRequirement(company({ kind: 'JOINTLY', count: 2 }, [board(me.personalId, true), board('47302200234', false)]), me)).toEqual({
      kind: 'ALONE',
    });
  });

  it('a procura holder, alone or not in the register, signs with as many of the board as its rule needs', () => {
    const member = board('47302200234', true);
    const second = board('50001029996', true);
    for (const mayActAlone of [true, false]) {
      const procura = board(me.personalId, mayActAlone, 'AUTHORIZED_PERSON');
      expect(signingRequirement(company({ kind: 'EACH_ALONE' }, [member, second, procura]), me)).toEqual({
        kind: 'TOGETHER',
        othersNeeded: 1,
        candidates: [member, second],
      });
    }
    const procura = board(me.personalId, true, 'AUTHORIZED_PERSON');
    expect(signingRequirement(company({ kind: 'JOINTLY', count: 2 }, [member, second, procura]), me)).toMatchObject({ kind: 'TOGETHER', othersNeeded: 2 });
    expect(signingRequirement(company({ kind: 'UNKNOWN' }, [member, procura]), me)).toEqual({ kind: 'BANK_DECIDES', candidates: [member] });
    // A company with nobody on its board to sign.
    expect(signingRequirement(company({ kind: 'EACH_ALONE' }, [procura]), me)).toEqual({ kind: 'BANK_DECIDES', candidates: [] });
  });

  it('tells the applicant who must sign by name only, and that a procura holder needs the board', () => {
    const member = board('47302200234', true);
    expect(signingSummaryOf(company({ kind: 'EACH_ALONE' }, [member, board(me.personalId, true, 'AUTHORIZED_PERSON')]), me)).toEqual({
      requirement: 'TOGETHER',
      othersNeeded: 1,
      candidates: [{ firstName: 'First 47302200234', lastName: 'TESTNUMBER' }],
      isCheckedByBank: false,
      isProcuraHolder: true,
      isCollected: true,
    });
    expect(signingSummaryOf(company({ kind: 'EACH_ALONE' }, [board(me.personalId, true)]), me)).toEqual({
      requirement: 'ALONE',
      othersNeeded: 0,
      candidates: [],
      isCheckedByBank: false,
      isProcuraHolder: false,
      isCollected: false,
    });
  });

  it('liquidators act with liquidators', () => {
    const other = board('47302200234', false, 'LIQUIDATOR');
    const representation = company({ kind: 'ALL_JOINTLY' }, [board('50001029996', false), board(me.personalId, false, 'LIQUIDATOR'), other]);
    expect(signingRequirement(representation, me)).toEqual({ kind: 'TOGETHER', othersNeeded: 1, candidates: [other] });
  });

  it('not alone and no rule it can read, or a rule the register’s list cannot meet: the bank decides', () => {
    const other = board('47302200234', false);
    expect(signingRequirement(company({ kind: 'UNKNOWN' }, [board(me.personalId, false), other]), me)).toEqual({ kind: 'BANK_DECIDES', candidates: [other] });
    expect(signingRequirement(company({ kind: 'EACH_ALONE' }, [board(me.personalId, false), other]), me)).toEqual({
      kind: 'BANK_DECIDES',
      candidates: [other],
    });
    expect(signingRequirement(company({ kind: 'JOINTLY', count: 3 }, [board(me.personalId, false), other]), me)).toEqual({
      kind: 'BANK_DECIDES',
      candidates: [other],
    });
  });

  it('someone the register does not name, or names only by a foreign code, is not a representative', () => {
    expect(signingRequirement(company({ kind: 'EACH_ALONE' }, [board('47302200234', true)]), me)).toEqual({ kind: 'NOT_A_REPRESENTATIVE' });
    const foreign = { ...board('x', true), personalId: undefined, personalIdCountryCode: 'FI' };
    expect(signingRequirement(company({ kind: 'EACH_ALONE' }, [foreign]), me)).toEqual({ kind: 'NOT_A_REPRESENTATIVE' });
  });

  it('special conditions and unreadable rules go to a person at the bank', () => {
    expect(needsRepresentationReview(company({ kind: 'EACH_ALONE' }, []))).toBe(false);
    expect(needsRepresentationReview(company({ kind: 'EACH_ALONE' }, [], ['Tehingud üle 10 000 euro: kaks juhatuse liiget ühiselt.']))).toBe(true);
    expect(needsRepresentationReview(company({ kind: 'UNKNOWN' }, []))).toBe(true);
  });

  it('for any register answer: alone exactly when the register says so, never with oneself, never more others than named', () => {
    fc.assert(
      fc.property(anyRule, fc.array(representativeWith(fc.constantFrom(...CODES)), { maxLength: 6 }), (ruleValue, representatives) => {
        const result = signingRequirement(company(ruleValue, representatives), me);
        const mine = representatives.filter((entry) => entry.personalId === me.personalId && entry.personalIdCountryCode.toUpperCase() === 'EE');
        if (mine.length === 0) {
          expect(result.kind).toBe('NOT_A_REPRESENTATIVE');
          return;
        }
        // Alone exactly when the register says so of the person in a role of the board; a procura holder never.
        expect(result.kind === 'ALONE').toBe(mine.some((entry) => entry.mayActAlone && entry.role !== 'AUTHORIZED_PERSON'));
        if (result.kind === 'TOGETHER' || result.kind === 'BANK_DECIDES') {
          expect(result.candidates.some((entry) => entry.personalId === me.personalId)).toBe(false);
        }
        if (result.kind === 'TOGETHER') {
          expect(result.othersNeeded).toBeGreaterThanOrEqual(1);
          expect(result.othersNeeded).toBeLessThanOrEqual(result.candidates.length);
        }
      }),
    );
  });
});

describe('the signatures the product collects (decision 39)', () => {
  // Some without a personal code: the register names them by a foreign code or birth date only.
  const representative = representativeWith(fc.option(fc.constantFrom(...CODES), { nil: undefined }));
  const person = fc.record({ personalId: fc.constantFrom(...CODES), personalIdCountryCode: fc.constantFrom('EE', 'ee') });

  it('for any register answer, rule and signers: complete only with as many distinct others as the rule needs, never fewer', () => {
    fc.assert(
      fc.property(anyRule, fc.array(representative, { maxLength: 6 }), fc.array(person, { maxLength: 6 }), (ruleValue, representatives, signers) => {
        const representation = company(ruleValue, representatives);
        const requirement = signingRequirement(representation, me);
        const coSigning = coSigningOf(representation, me);
        // Collected only where the rule is read with certainty, and only from people an eID can sign as.
        if (requirement.kind !== 'TOGETHER') {
          expect(coSigning).toBeUndefined();
          return;
        }
        if (!coSigning) {
          expect(requirement.candidates.filter((candidate) => candidate.personalId).length).toBeLessThan(requirement.othersNeeded);
          return;
        }
        expect(coSigning.othersNeeded).toBe(requirement.othersNeeded);
        expect(coSigning.candidates.some((candidate) => candidate.personalId === me.personalId)).toBe(false);
        const counted = new Set(
          signers.filter((signer) => coSigning.candidates.some((candidate) => candidate.personalId === signer.personalId)).map((signer) => signer.personalId),
        );
        expect(hasEnoughSignatures(coSigning, signers)).toBe(counted.size >= coSigning.othersNeeded);
      }),
    );
  });

  it('the same board member twice, the applicant, or someone the rule does not name counts for nothing', () => {
    const other = board('47302200234', false);
    const third = board('50001029996', false);
    const coSigning = coSigningOf(company({ kind: 'JOINTLY', count: 3 }, [board(me.personalId, false), other, third]), me);
    expect(coSigning?.othersNeeded).toBe(2);
    const as = (personalId: string) => ({ personalId, personalIdCountryCode: 'EE' });
    if (!coSigning) throw new Error('expected co-signing');
    expect(hasEnoughSignatures(coSigning, [as('47302200234'), as('47302200234')])).toBe(false);
    expect(hasEnoughSignatures(coSigning, [as('47302200234'), as(me.personalId)])).toBe(false);
    expect(hasEnoughSignatures(coSigning, [as('47302200234'), as('60001019906')])).toBe(false);
    expect(hasEnoughSignatures(coSigning, [as('47302200234'), as('50001029996')])).toBe(true);
  });
});

describe('the signers the bank names where the rule is not read (decision 41)', () => {
  const representative = representativeWith(fc.option(fc.constantFrom(...CODES), { nil: undefined }));
  const person = fc.record({ personalId: fc.constantFrom(...CODES), personalIdCountryCode: fc.constantFrom('EE', 'ee') });

  it('for any register answer and any named persons: exactly the named candidates, all of them needed, or refused', () => {
    fc.assert(
      fc.property(
        anyRule,
        fc.array(representative, { maxLength: 6 }),
        fc.array(person, { maxLength: 4 }),
        fc.array(person, { maxLength: 6 }),
        (ruleValue, representatives, named, signers) => {
          const representation = company(ruleValue, representatives);
          const requirement = signingRequirement(representation, me);
          const coSigning = coSigningNamedByBank(representation, me, named);
          if (!coSigning) return;
          // Only where the product cannot read the rule; never the applicant; each named person a candidate with a code.
          expect(requirement.kind).toBe('BANK_DECIDES');
          expect(coSigning.candidates.some((candidate) => candidate.personalId === me.personalId)).toBe(false);
          expect(coSigning.othersNeeded).toBe(named.length);
          expect(coSigning.candidates.map((candidate) => candidate.personalId).sort()).toEqual(named.map((one) => one.personalId).sort());
          // Every one of them signs: fewer is never enough.
          const signed = new Set(signers.map((signer) => signer.personalId));
          expect(hasEnoughSignatures(coSigning, signers)).toBe(named.every((one) => signed.has(one.personalId)));
        },
      ),
    );
  });

  it('refuses a rule the product reads, someone the register does not name, the applicant, and a person named twice', () => {
    const unreadable = company({ kind: 'UNKNOWN' }, [board(me.personalId, false), board('47302200234', false), board('50001029996', false)]);
    const as = (personalId: string) => ({ personalId, personalIdCountryCode: 'EE' });
    expect(coSigningNamedByBank(unreadable, me, [as('47302200234')])).toMatchObject({ othersNeeded: 1 });
    expect(coSigningNamedByBank(unreadable, me, [as('47302200234'), as('50001029996')])).toMatchObject({ othersNeeded: 2 });
    expect(coSigningNamedByBank(unreadable, me, [])).toBeUndefined();
    expect(coSigningNamedByBank(unreadable, me, [as('60001019906')])).toBeUndefined();
    expect(coSigningNamedByBank(unreadable, me, [as(me.personalId)])).toBeUndefined();
    expect(coSigningNamedByBank(unreadable, me, [as('47302200234'), as('47302200234')])).toBeUndefined();
    const readable = company({ kind: 'JOINTLY', count: 2 }, [board(me.personalId, false), board('47302200234', false)]);
    expect(coSigningNamedByBank(readable, me, [as('47302200234')])).toBeUndefined();
  });
});
