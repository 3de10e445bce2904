import { describe, expect, it } from 'vitest';
import { STEPS, STEP_ORDER, isStep, stepIndex, stepToScreen } from './steps.js';

describe('steps (docs/requirements.md section 2 and 4)', () => {
  it.each([
    ['AccountOpeningReason', 'opening-reasons'],
    ['CompanyData', 'company-information'],
    ['Incomes', 'incomes'],
    ['RelatedPersons', 'related-persons'],
    ['ApplicationOverview', 'overview'],
    ['AdditionalData', 'overview'],
    ['ApplicationSubmitted', 'success'],
    ['VisitBank', 'visit-bank'],
    ['Signing', 'error'],
    ['accountOpeningReason', 'error'],
    ['', 'error'],
    ['toString', 'error'],
    [undefined, 'error'],
  ])('%s goes to %s', (step, screen) => {
    expect(stepToScreen(step)).toBe(screen);
  });

  it('orders the steps as the spec does, VisitBank outside the order', () => {
    expect(STEP_ORDER.flat()).toEqual([
      'AccountOpeningReason',
      'CompanyData',
      'Incomes',
      'RelatedPersons',
      'AdditionalData',
      'ApplicationOverview',
      'ApplicationSubmitted',
    ]);
    expect(stepIndex('CompanyData')).toBeLessThan(stepIndex('Incomes'));
    expect(stepIndex('AdditionalData')).toBe(stepIndex('ApplicationOverview'));
    expect(stepIndex('VisitBank')).toBe(-1);
    expect(stepIndex(undefined)).toBe(-1);
  });

  it('knows every step value', () => {
    expect(STEPS.every(isStep)).toBe(true);
    expect(isStep('Unknown')).toBe(false);
    expect(isStep(3)).toBe(false);
  });
});
