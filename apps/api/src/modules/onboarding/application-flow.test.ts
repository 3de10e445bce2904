import { describe, expect, it } from 'vitest';
import { followUpOf, nextStep, type FollowUpFacts } from './application-flow.js';

const facts = (change: Partial<FollowUpFacts> = {}): FollowUpFacts => ({
  notices: { hasNonResidentOwner: false, hasSpecificFieldOfActivity: false },
  representationBasis: 'MANAGEMENT_BOARD_MEMBER',
  isListedCompany: false,
  isSignedInOffice: false,
  hasDiscrepancies: false,
  ...change,
});

describe('followUpOf (SPEC.md section 4)', () => {
  it.each([
    ['a resident-owned company represented by its board', facts(), 'PAY_SERVICE_FEE'],
    ['an owner abroad', facts({ notices: { hasNonResidentOwner: true, hasSpecificFieldOfActivity: false } }), 'IDENTIFY_IN_OFFICE'],
    ['a wish to sign in the office', facts({ isSignedInOffice: true }), 'IDENTIFY_IN_OFFICE'],
    ['a specific field of activity', facts({ notices: { hasNonResidentOwner: false, hasSpecificFieldOfActivity: true } }), 'MANAGER_CONTACT'],
    ['a listed company', facts({ isListedCompany: true }), 'MANAGER_CONTACT'],
    ['an authorised person', facts({ representationBasis: 'AUTHORIZED_PERSON' }), 'SIGN_BY_LINK'],
    ['another basis', facts({ representationBasis: 'OTHER' }), 'SIGN_BY_LINK'],
    ['a listed company with an owner abroad', facts({ isListedCompany: true, notices: { hasNonResidentOwner: true, hasSpecificFieldOfActivity: false } }), 'MANAGER_CONTACT'],
    ['a listed company whose representative wants to sign in the office', facts({ isListedCompany: true, isSignedInOffice: true }), 'IDENTIFY_IN_OFFICE'],
    ['a declaration that contradicts the register', facts({ hasDiscrepancies: true }), 'MANAGER_CONTACT'],
    ['a contradiction by an authorised person', facts({ hasDiscrepancies: true, representationBasis: 'AUTHORIZED_PERSON' }), 'SIGN_BY_LINK'],
    ['a contradiction with an owner abroad', facts({ hasDiscrepancies: true, notices: { hasNonResidentOwner: true, hasSpecificFieldOfActivity: false } }), 'IDENTIFY_IN_OFFICE'],
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
