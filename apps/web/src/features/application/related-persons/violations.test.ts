import { validateRelatedPersons, type RelatedPersonsViolation } from '@onboarding/domain';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/i18n';
import { readStepValues } from './form-values';
import { summaryItems } from './summary-items';
import { completeStep, MARI_ID, registerPrefill, REPRESENTATIVE_ID } from './test-fixtures';
import { browserViolations, mergeViolations, missingDetails, serverFeedback, violationText } from './violations';

const violation = (
  code: RelatedPersonsViolation['code'],
  params: RelatedPersonsViolation['params'] = {},
  personIds: string[] = [],
): RelatedPersonsViolation => ({ code, params, personIds });
const context = {
  company: { registryCode: '12345678', registryCountryCode: 'EE', isListedCompany: false },
  representative: { personalId: '38001085718', personalIdCountryCode: 'EE' },
};

let t: TFunction;
beforeAll(async () => {
  t = await i18n.cloneInstance().changeLanguage('en');
});

describe('violationText', () => {
  it('says what the owners hold and how much is missing or too much, per language', async () => {
    const missing = violation('totalHoldingNotEqual', { total: 85.1, expected: 100 }, ['a']);
    const tooMuch = violation('totalHoldingTooBig', { total: 110, expected: 100 }, ['a']);
    expect(violationText(t, missing, 'en')).toBe('First-level owners hold 85.1%; 14.9% is not accounted for.');
    expect(violationText(t, tooMuch, 'en')).toBe('First-level owners hold 110%; 10% too much.');
    const et = await i18n.cloneInstance().changeLanguage('et');
    expect(violationText(et, missing, 'et')).toBe('Esimese taseme omanikele kuulub 85,1%; 14,9% on arvestamata.');
    const ru = await i18n.cloneInstance().changeLanguage('ru');
    expect(violationText(ru, tooMuch, 'ru')).toBe('Владельцам первого уровня принадлежит 110\u00a0%; это на 10\u00a0% больше, чем нужно.');
  });

  it('a nested legal entity’s owners over 100% say how much too much', () => {
    const nested = violation('legalEntityOwnersTotalTooBig', { total: 150, expected: 100, companyId: 'e1' }, ['e1', 'a', 'b']);
    expect(violationText(t, nested, 'en')).toBe('The owners of a legal entity hold 150% together; 50% too much.');
  });

  it('beneficial owners alike, and asks for them when there are none', () => {
    expect(violationText(t, violation('beneficiariesTotalNotEqual', { total: 60, expected: 100 }, ['a']), 'en')).toBe(
      'Beneficial owners’ stakes add up to 60%; 40% is not accounted for. Add the missing beneficial owner, or confirm below that nobody else holds more than 25% or otherwise controls the company.',
    );
    expect(violationText(t, violation('beneficiariesTotalTooBig', { total: 120, expected: 100 }, ['a']), 'en')).toBe(
      'Beneficial owners’ stakes add up to 120%; 20% too much.',
    );
    expect(violationText(t, violation('beneficiariesTotalNotEqual', { total: 0, expected: 100 }), 'en')).toBe(
      'Mark the beneficial owners: their stakes must add up to 100%.',
    );
  });

  it('every rule has words; technical problems take the domain’s message', () => {
    const codes = [
      'ownerRequired',
      'managementBoardMemberRequired',
      'legalEntityNotInShareholders',
      'ownerNotInShareholders',
      'personAlreadyExists',
      'personWithBirthDateAlreadyExists',
      'legalEntityAlreadyExists',
      'representativeIncorrect',
    ] as const;
    for (const code of codes) expect(violationText(t, violation(code), 'en')).not.toMatch(/APPLICATION|VALIDATION/);
    expect(violationText(t, violation('technicalEntityOwnsItself'), 'en')).toBe(
      'Technical problem: the company owns itself directly or through other companies',
    );
  });
});

describe('browserViolations and missingDetails', () => {
  it('the domain rules over the step with consistent roles and the server’s context', () => {
    expect(browserViolations(completeStep(), context)).toEqual([]);
    const prefill = readStepValues(registerPrefill);
    expect(browserViolations(prefill, context)).toEqual(validateRelatedPersons({ ...prefill, ...context }));
    const otherRepresentative = { ...context, representative: { personalId: '39005051230', personalIdCountryCode: 'EE' } };
    expect(browserViolations(completeStep(), otherRepresentative).map((found) => found.code)).toEqual(['representativeIncorrect']);
  });

  it('a register person lacks the details the register does not know; a complete one lacks none', () => {
    const [mari, holding] = readStepValues(registerPrefill).relatedPersons;
    expect(missingDetails(mari!).map((issue) => issue.path)).toEqual([
      'birthCountryCode',
      'residentialAddress',
      'isEResident',
      'livesAndWorksMostlyInEstonia',
      'taxResidences',
      'isPep',
    ]);
    expect(missingDetails(holding!)).toEqual([]);
    expect(completeStep().relatedPersons.flatMap(missingDetails)).toEqual([]);
  });
});

describe('serverFeedback', () => {
  it('puts field errors on the person at that index, whole-list rules on the persons they name', () => {
    const values = completeStep();
    const feedback = serverFeedback(
      [
        { path: 'relatedPersons.1.taxResidences.0.tin', code: 'invalidTin', params: {} },
        { path: 'relatedPersons.0', code: 'personAlreadyExists', params: {} },
        { path: 'relatedPersons.1', code: 'personAlreadyExists', params: {} },
        { path: 'relatedPersons', code: 'managementBoardMemberRequired', params: {} },
        { path: 'shareholders.1.sharePercent', code: 'maxValue', params: { max: 100 } },
        { path: 'relatedPersons.9.firstName', code: 'required', params: {} },
      ],
      values,
    );
    expect(feedback.values).toBe(values);
    expect(feedback.fieldIssues).toEqual([
      { personId: MARI_ID, path: 'taxResidences.0.tin', code: 'invalidTin', params: {} },
      { personId: MARI_ID, path: 'holdings.0.sharePercent', code: 'maxValue', params: { max: 100 } },
    ]);
    expect(feedback.violations).toEqual([
      violation('personAlreadyExists', {}, [REPRESENTATIVE_ID, MARI_ID]),
      violation('managementBoardMemberRequired'),
      violation('required'),
    ]);
  });

  it('merged with the browser’s, each violation once', () => {
    const browser = [violation('ownerRequired'), violation('totalHoldingNotEqual', { total: 50, expected: 100 }, ['a', 'b'])];
    const server = [violation('totalHoldingNotEqual', { total: 50, expected: 100 }, ['b', 'a']), violation('personAlreadyExists', {}, ['a'])];
    expect(mergeViolations(browser, server)).toEqual([...browser, violation('personAlreadyExists', {}, ['a'])]);
  });
});

describe('summaryItems', () => {
  it('rules first, then missing details, then what only the server refused; links by place in the list', () => {
    const persons = completeStep().relatedPersons;
    const items = summaryItems({
      persons,
      violations: [violation('totalHoldingNotEqual', { total: 85, expected: 100 }, [MARI_ID, 'gone'])],
      missingCounts: [2, 0],
      fieldIssues: [{ personId: MARI_ID, path: 'firstName', code: 'onlyLatinLetters', params: {} }],
      violationText: (found) => found.code,
      missingText: (person, count) => `missing ${person.id} ${String(count)}`,
      correctText: (person) => `correct ${person.id}`,
    });
    expect(items.map(({ text, personIndexes }) => ({ text, personIndexes }))).toEqual([
      { text: 'totalHoldingNotEqual', personIndexes: [1] },
      { text: `missing ${REPRESENTATIVE_ID} 2`, personIndexes: [0] },
      { text: `correct ${MARI_ID}`, personIndexes: [1] },
    ]);
  });
});
