import type { RegisterPersonData } from '@onboarding/domain';
import { describe, expect, it } from 'vitest';
import { representationFromCard, representativeKey, ruleOfConditions, ruleOfText } from './map-representation.js';

const person = (personalId: string | undefined, firstName: string): RegisterPersonData => ({
  firstName,
  lastName: 'Tamm',
  ...(personalId === undefined ? {} : { personalId }),
  personalIdCountryCode: 'EE',
  birthDate: '1980-01-01',
  nationalityCountryCode: 'EE',
  residentialCountryCode: 'EE',
  residency: 'RESIDENT',
});

describe('the rule a special condition states', () => {
  it.each([
    ['Osaühingut esindavad kaks juhatuse liiget ühiselt.', { kind: 'JOINTLY', count: 2 }],
    ['Aktsiaseltsi esindavad vähemalt kolm juhatuse liiget ühiselt.', { kind: 'JOINTLY', count: 3 }],
    ['Ühingut võivad esindada 2 juhatuse liiget koos.', { kind: 'JOINTLY', count: 2 }],
    ['KAKS JUHATUSE LIIGET   ÜHISELT', { kind: 'JOINTLY', count: 2 }],
    ['Kõik juhatuse liikmed esindavad ühingut ühiselt.', { kind: 'ALL_JOINTLY' }],
  ])('%s', (text, rule) => {
    expect(ruleOfText(text)).toEqual(rule);
  });

  it.each([
    'Tehingud üle 10 000 euro nõuavad nõukogu nõusolekut.',
    'Juhatuse liige esindab ühingut ainuisikuliselt.',
    // One member "together" is no joint rule; a sentence about something else is not read across a full stop.
    '1 juhatuse liige ühiselt prokuristiga.',
    'Kaks juhatuse liiget. Nõukogu otsustab ühiselt.',
  ])('reads nothing from "%s"', (text) => {
    expect(ruleOfText(text)).toBeUndefined();
  });

  it('is each alone without a condition, the first readable rule with some, UNKNOWN when none reads', () => {
    expect(ruleOfConditions([])).toEqual({ kind: 'EACH_ALONE' });
    expect(ruleOfConditions(['Tehingud üle 10 000 euro nõuavad nõukogu nõusolekut.', 'Kaks juhatuse liiget ühiselt.'])).toEqual({ kind: 'JOINTLY', count: 2 });
    expect(ruleOfConditions(['Tehingud üle 10 000 euro nõuavad nõukogu nõusolekut.'])).toEqual({ kind: 'UNKNOWN' });
  });
});

describe('the company’s representation from its card', () => {
  const board = [
    { person: person('38001010014', 'Mari'), role: 'MANAGEMENT_BOARD_MEMBER' as const },
    { person: person(undefined, 'John'), role: 'MANAGEMENT_BOARD_MEMBER' as const },
    { person: person('47103220312', 'Katrin'), role: 'AUTHORIZED_PERSON' as const },
  ];

  it('takes everyone to act alone without a condition', () => {
    const representation = representationFromCard(board, [], new Map());
    expect(representation.representatives.map((entry) => entry.mayActAlone)).toEqual([true, true, true]);
    expect(representation.representatives[1]).not.toHaveProperty('personalId');
  });

  it('takes the register’s answer per person with a condition, and nobody alone where it gave none', () => {
    const alone = new Map([[representativeKey('47103220312', 'ee'), true]]);
    const representation = representationFromCard(board, ['Kaks juhatuse liiget ühiselt.'], alone);
    expect(representation.rule).toEqual({ kind: 'JOINTLY', count: 2 });
    expect(representation.representatives.map((entry) => entry.mayActAlone)).toEqual([false, false, true]);
  });
});
