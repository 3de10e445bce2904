import { describe, expect, it } from 'vitest';
import { overviewNotices, relatedPersonsContextOf, reviewApplication } from './application-review.js';
import {
  COMPLETE_APPLICATION_COMPANY,
  COMPLETE_APPLICATION_REPRESENTATIVE,
  completeCompanyData,
  completeIncomes,
  completeOpeningReasons,
  completeOverview,
  completeRelatedPersons,
  completeRepresentativePerson,
} from './test-support/complete-application.js';

const completeStepData = (): Record<string, unknown> => ({
  AccountOpeningReason: completeOpeningReasons(),
  CompanyData: completeCompanyData(),
  Incomes: completeIncomes(),
  RelatedPersons: completeRelatedPersons(),
  ApplicationOverview: completeOverview(),
});

const review = (steps: Record<string, unknown>) =>
  reviewApplication(steps, relatedPersonsContextOf(steps, COMPLETE_APPLICATION_COMPANY, COMPLETE_APPLICATION_REPRESENTATIVE));

describe('reviewApplication', () => {
  it('finds a complete application complete, the overview stored under either of its steps', () => {
    expect(review(completeStepData()).isComplete).toBe(true);
    const { ApplicationOverview: overview, ...rest } = completeStepData();
    expect(review({ ...rest, AdditionalData: overview }).isComplete).toBe(true);
  });

  it('names each step not saved yet, with its screen', () => {
    const { Incomes: _, ApplicationOverview: __, ...rest } = completeStepData();
    const result = review(rest);
    expect(result.isComplete).toBe(false);
    expect(result.steps.filter((step) => !step.isComplete).map((step) => [step.step, step.screen])).toEqual([
      ['Incomes', 'incomes'],
      ['ApplicationOverview', 'overview'],
    ]);
  });

  it('checks the related persons against the signed-in representative and the company', () => {
    const steps = completeStepData();
    const other = reviewApplication(
      steps,
      relatedPersonsContextOf(steps, COMPLETE_APPLICATION_COMPANY, { personalId: '60001019906', personalIdCountryCode: 'EE' }),
    );
    expect(other.steps.find((step) => step.step === 'RelatedPersons')?.issues).toEqual([
      { path: 'relatedPersons.0', code: 'representativeIncorrect', params: {} },
    ]);
    // A listed company's disclosed owners may hold less than 100%.
    const listed: Record<string, unknown> = { ...completeStepData(), CompanyData: { ...completeCompanyData(), isListedCompany: true } };
    listed.RelatedPersons = { ...completeRelatedPersons(), shareholders: [{ personId: completeRepresentativePerson().id, sharePercent: 40 }] };
    expect(review(listed).isComplete).toBe(true);
    listed.CompanyData = completeCompanyData();
    expect(
      review(listed)
        .steps.find((step) => step.step === 'RelatedPersons')
        ?.issues.map((issue) => issue.code),
    ).toEqual(['totalHoldingNotEqual']);
  });

  it('reports a step saved before a rule changed, as stored data is checked again', () => {
    const steps = { ...completeStepData(), Incomes: { ...completeIncomes(), monthlyCashDeposit: 123 } };
    expect(review(steps).steps.find((step) => step.step === 'Incomes')?.issues).toEqual([{ path: 'monthlyCashDeposit', code: 'required', params: {} }]);
  });
});

describe('overviewNotices (docs/requirements.md section 3 "Overview")', () => {
  const foreignOwner = { ...completeRepresentativePerson(), id: 'p2', roles: ['SHAREHOLDER'], personalId: '', residency: 'NON_RESIDENT' };

  it('has no notices for a resident-owned consultancy', () => {
    expect(overviewNotices(completeStepData())).toEqual({ hasNonResidentOwner: false, hasSpecificFieldOfActivity: false });
  });

  it('notices a non-resident shareholder, and a company owner registered abroad', () => {
    const withForeignPerson = { RelatedPersons: { shareholders: [{ personId: 'p2' }], relatedPersons: [foreignOwner] } };
    expect(overviewNotices(withForeignPerson).hasNonResidentOwner).toBe(true);
    const withForeignEntity = {
      RelatedPersons: {
        shareholders: [{ personId: 'e1' }],
        relatedPersons: [{ id: 'e1', type: 'LEGAL_ENTITY', roles: ['SHAREHOLDER'], registryCountryCode: 'SE', shareholders: [] }],
      },
    };
    expect(overviewNotices(withForeignEntity).hasNonResidentOwner).toBe(true);
  });

  it('does not count a non-resident who only sits on the supervisory board', () => {
    const steps = {
      RelatedPersons: { shareholders: [], relatedPersons: [{ ...foreignOwner, roles: ['SUPERVISORY_BOARD_MEMBER'], isBeneficialOwner: false }] },
    };
    expect(overviewNotices(steps).hasNonResidentOwner).toBe(false);
  });

  it.each([
    ['64201', [], true],
    ['70221', ['92001'], true],
    ['70221', ['25401'], true],
    ['70221', ['62011'], false],
  ])('main activity %s with %j is specific: %s', (main, additional, expected) => {
    expect(overviewNotices({ CompanyData: { mainFieldOfActivityCode: main, additionalFieldOfActivityCodes: additional } }).hasSpecificFieldOfActivity).toBe(
      expected,
    );
  });

  it('reads half-filled or malformed steps without failing', () => {
    expect(overviewNotices({ RelatedPersons: 'x', CompanyData: null })).toEqual({ hasNonResidentOwner: false, hasSpecificFieldOfActivity: false });
  });
});
