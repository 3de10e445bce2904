import { describe, expect, it } from 'vitest';
import { firstReopenedStep, followUpOf, isStepReopened, nextStep, type FollowUpFacts } from './application-flow.js';

const facts = (change: Partial<FollowUpFacts> = {}): FollowUpFacts => ({
  notices: { hasNonResidentOwner: false, hasSpecificFieldOfActivity: false },
  representationBasis: 'MANAGEMENT_BOARD_MEMBER',
  isListedCompany: false,
  isSignedInOffice: false,
  hasDiscrepancies: false,
  unverifiedFacts: [],
  ...change,
});

describe('followUpOf (docs/requirements.md section 4)', () => {
  it.each([
    ['a resident-owned company represented by its board', facts(), 'PAY_SERVICE_FEE'],
    ['an owner abroad', facts({ notices: { hasNonResidentOwner: true, hasSpecificFieldOfActivity: false } }), 'IDENTIFY_IN_OFFICE'],
    ['a wish to sign in the office', facts({ isSignedInOffice: true }), 'IDENTIFY_IN_OFFICE'],
    ['a specific field of activity', facts({ notices: { hasNonResidentOwner: false, hasSpecificFieldOfActivity: true } }), 'MANAGER_CONTACT'],
    ['a listed company', facts({ isListedCompany: true }), 'MANAGER_CONTACT'],
    ['an authorised person', facts({ representationBasis: 'AUTHORIZED_PERSON' }), 'SIGN_BY_LINK'],
    ['another basis', facts({ representationBasis: 'OTHER' }), 'SIGN_BY_LINK'],
    [
      'a listed company with an owner abroad',
      facts({ isListedCompany: true, notices: { hasNonResidentOwner: true, hasSpecificFieldOfActivity: false } }),
      'MANAGER_CONTACT',
    ],
    ['a listed company whose representative wants to sign in the office', facts({ isListedCompany: true, isSignedInOffice: true }), 'IDENTIFY_IN_OFFICE'],
    ['a declaration that contradicts the register', facts({ hasDiscrepancies: true }), 'MANAGER_CONTACT'],
    ['a board member who signs alone', facts({ signing: { requirement: 'ALONE', isCheckedByBank: false } }), 'PAY_SERVICE_FEE'],
    ['a board member who must sign with another', facts({ signing: { requirement: 'TOGETHER', isCheckedByBank: true } }), 'SIGN_BY_LINK'],
    ['a board whose rule the bank reads', facts({ signing: { requirement: 'BANK_DECIDES', isCheckedByBank: true } }), 'SIGN_BY_LINK'],
    ['a board member alone under special conditions', facts({ signing: { requirement: 'ALONE', isCheckedByBank: true } }), 'MANAGER_CONTACT'],
    [
      'a joint board in a specific field',
      facts({ signing: { requirement: 'TOGETHER', isCheckedByBank: true }, notices: { hasNonResidentOwner: false, hasSpecificFieldOfActivity: true } }),
      'MANAGER_CONTACT',
    ],
    ['a contradiction by an authorised person', facts({ hasDiscrepancies: true, representationBasis: 'AUTHORIZED_PERSON' }), 'SIGN_BY_LINK'],
    [
      'a company only the applicant vouches for',
      facts({ unverifiedFacts: ['COMPANY', 'REPRESENTATION_BASIS', 'LISTED_COMPANY', 'SHAREHOLDERS', 'BENEFICIAL_OWNERS'] }),
      'MANAGER_CONTACT',
    ],
    [
      'an unverified company whose representative is not on the board',
      facts({ unverifiedFacts: ['COMPANY'], representationBasis: 'AUTHORIZED_PERSON' }),
      'MANAGER_CONTACT',
    ],
    [
      'an unverified company with an owner abroad',
      facts({ unverifiedFacts: ['COMPANY'], notices: { hasNonResidentOwner: true, hasSpecificFieldOfActivity: false } }),
      'IDENTIFY_IN_OFFICE',
    ],
    ['an unverified company signed in the office', facts({ unverifiedFacts: ['COMPANY'], isSignedInOffice: true }), 'IDENTIFY_IN_OFFICE'],
    [
      'a contradiction with an owner abroad',
      facts({ hasDiscrepancies: true, notices: { hasNonResidentOwner: true, hasSpecificFieldOfActivity: false } }),
      'IDENTIFY_IN_OFFICE',
    ],
    [
      'an owner abroad in a specific field, represented by an authorised person',
      facts({ notices: { hasNonResidentOwner: true, hasSpecificFieldOfActivity: true }, representationBasis: 'AUTHORIZED_PERSON' }),
      'IDENTIFY_IN_OFFICE',
    ],
  ])('%s: %s', (_, given, expected) => {
    expect(followUpOf(given)).toBe(expected);
  });
});

describe('nextStep', () => {
  it.each([
    ['AccountOpeningReason', 'AccountOpeningReason', 'CompanyData'],
    ['RelatedPersons', 'RelatedPersons', 'AdditionalData'],
    ['AdditionalData', 'AdditionalData', 'ApplicationOverview'],
    ['ApplicationOverview', 'ApplicationOverview', 'ApplicationOverview'],
    ['ApplicationOverview', 'CompanyData', 'ApplicationOverview'],
  ] as const)('at %s, saving %s leads to %s', (current, saved, expected) => {
    expect(nextStep(current, saved)).toBe(expected);
  });
});

describe('a round the bank reopened (MORE_INFORMATION_NEEDED)', () => {
  const reopened = ['CompanyData', 'RelatedPersons'];

  it.each([
    ['CompanyData', 'CompanyData', 'RelatedPersons'],
    ['RelatedPersons', 'RelatedPersons', 'ApplicationOverview'],
    ['RelatedPersons', 'CompanyData', 'RelatedPersons'],
    ['ApplicationOverview', 'CompanyData', 'ApplicationOverview'],
    ['ApplicationOverview', 'ApplicationOverview', 'ApplicationOverview'],
  ] as const)('at %s, saving %s leads to %s', (current, saved, expected) => {
    expect(nextStep(current, saved, reopened)).toBe(expected);
  });

  it('leads from the last named step straight to the overview, past the steps it did not name', () => {
    expect(nextStep('AccountOpeningReason', 'AccountOpeningReason', ['AccountOpeningReason'])).toBe('ApplicationOverview');
  });

  it('starts at the earliest named step in step order, whatever order the bank named them in', () => {
    expect(firstReopenedStep(['RelatedPersons', 'Incomes'])).toBe('Incomes');
    expect(firstReopenedStep(['ApplicationOverview'])).toBe('ApplicationOverview');
  });

  it('lets the named steps and the overview be saved, and no other', () => {
    expect(
      ['AccountOpeningReason', 'CompanyData', 'Incomes', 'RelatedPersons', 'AdditionalData', 'ApplicationOverview'].filter((step) =>
        isStepReopened(reopened, step),
      ),
    ).toEqual(['CompanyData', 'RelatedPersons', 'AdditionalData', 'ApplicationOverview']);
    expect(isStepReopened(null, 'Incomes')).toBe(true);
  });
});
