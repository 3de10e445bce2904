import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applicationFactsOf, registerChangesOf, unverifiedFactsOf, type FactsInput } from './facts.js';
import { REPRESENTATION_BASES } from './schemas/company-data.js';
import type { RegisterCompanyDetails } from './schemas/register.js';

const person = (personalId: string, firstName: string) => ({
  firstName,
  lastName: 'Tamm',
  personalId,
  personalIdCountryCode: 'EE',
  birthDate: '1980-01-08',
  nationalityCountryCode: 'EE',
  residentialCountryCode: 'EE',
  residency: 'RESIDENT' as const,
});

const card: RegisterCompanyDetails = {
  businessName: 'Mereranna Disain OÜ',
  registryCode: '19010030',
  registryCountryCode: 'EE',
  legalForm: 'OU',
  status: 'ACTIVE',
  registrationDate: '2015-01-01',
  legalAddress: { countryCode: 'EE', county: 'Harju maakond', district: 'Tallinn', city: 'Pirita linnaosa', street: 'Merivälja tee 20', postalCode: '11911' },
  emtakVersion: 'EMTAK 2008',
  mainFieldOfActivityCode: '74101',
  isListedCompany: false,
  managementBoardMembers: [person('60001019906', 'Mari')],
  supervisoryBoardMembers: [],
  authorizedPersons: [person('60001018800', 'Peeter')],
  shareholders: [
    { ...person('60001019906', 'Mari'), type: 'PRIVATE_PERSON', sharePercent: 70 },
    { ...person('60001018800', 'Peeter'), type: 'PRIVATE_PERSON', sharePercent: 30 },
  ],
  beneficialOwners: [
    { ...person('60001019906', 'Mari'), benefitType: 'SHARE_OWNERSHIP', beneficiarySharePercent: 70 },
    { ...person('60001018800', 'Peeter'), benefitType: 'SHARE_OWNERSHIP', beneficiarySharePercent: 30 },
  ],
};

const relatedPerson = (personalId: string, firstName: string, roles: string[], beneficiarySharePercent: number) => ({
  id: `person:EE:${personalId}`,
  type: 'PRIVATE_PERSON',
  roles,
  ...person(personalId, firstName),
  isBeneficialOwner: true,
  beneficiarySharePercent,
});

/** What the board member would declare: the register's facts, field for field. */
const truthful = {
  CompanyData: {
    representationBasis: 'MANAGEMENT_BOARD_MEMBER',
    isListedCompany: false,
    legalAddress: { ...card.legalAddress, district: undefined },
    mainFieldOfActivityCode: '74101',
  },
  RelatedPersons: {
    shareholders: [
      { personId: 'person:EE:60001018800', sharePercent: 30 },
      { personId: 'person:EE:60001019906', sharePercent: 70 },
    ],
    relatedPersons: [
      relatedPerson('60001019906', 'Mari', ['REPRESENTATIVE', 'MANAGEMENT_BOARD_MEMBER', 'SHAREHOLDER'], 70),
      relatedPerson('60001018800', 'Peeter', ['SHAREHOLDER'], 30),
    ],
  },
};

const input = (steps: Record<string, unknown>, personalId = '60001019906'): FactsInput => ({
  company: { businessName: card.businessName, registryCode: card.registryCode, registryCountryCode: 'EE', legalForm: 'OU', source: 'REGISTER' },
  register: { details: card, queriedAt: '2026-11-25T10:00:00.000Z' },
  steps,
  representative: { personalId, personalIdCountryCode: 'EE', name: 'Mari Tamm' },
});

describe('applicationFactsOf', () => {
  it('finds nothing to report when the declaration is the register, in any order and without the district', () => {
    const { facts, discrepancies } = applicationFactsOf(input(truthful));
    expect(discrepancies).toEqual([]);
    expect(facts.representationBasis).toEqual({
      value: 'MANAGEMENT_BOARD_MEMBER',
      source: 'REGISTER',
      queriedAt: '2026-11-25T10:00:00.000Z',
      declared: 'MANAGEMENT_BOARD_MEMBER',
    });
    expect(facts.representative).toEqual({ value: { personalId: '60001019906', personalIdCountryCode: 'EE', name: 'Mari Tamm' }, source: 'EID' });
  });

  it("keeps a procura holder's claim to the board beside the register's answer, never over it", () => {
    const { facts, discrepancies } = applicationFactsOf(input(truthful, '60001018800'));
    expect(facts.representationBasis).toMatchObject({ value: 'AUTHORIZED_PERSON', source: 'REGISTER', declared: 'MANAGEMENT_BOARD_MEMBER' });
    expect(discrepancies).toEqual([{ fact: 'REPRESENTATION_BASIS', register: 'AUTHORIZED_PERSON', declared: 'MANAGEMENT_BOARD_MEMBER' }]);
  });

  it('reports a changed share, a missing board member and an owner the register does not know', () => {
    const related = truthful.RelatedPersons;
    const steps = {
      ...truthful,
      RelatedPersons: {
        shareholders: [{ personId: 'person:EE:60001019906', sharePercent: 100 }],
        relatedPersons: [{ ...related.relatedPersons[0], roles: ['REPRESENTATIVE', 'SHAREHOLDER'] }],
      },
    };
    const facts = applicationFactsOf(input(steps)).discrepancies.map((discrepancy) => discrepancy.fact);
    expect(facts).toEqual(['MANAGEMENT_BOARD', 'SHAREHOLDERS', 'BENEFICIAL_OWNERS']);
  });

  it('takes a company the register does not know as the applicant declares it', () => {
    const { facts, discrepancies } = applicationFactsOf({ ...input(truthful), register: null, company: { ...input(truthful).company, source: 'MANUAL' } });
    expect(discrepancies).toEqual([]);
    expect(facts.businessName.source).toBe('APPLICANT');
    expect(facts.isListedCompany).toEqual({ value: false, source: 'APPLICANT', declared: false });
  });

  it('always decides on the register’s value, whatever is declared', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REPRESENTATION_BASES), fc.boolean(), fc.stringMatching(/^\d{5}$/), (basis, isListed, activity) => {
        const steps = {
          ...truthful,
          CompanyData: { ...truthful.CompanyData, representationBasis: basis, isListedCompany: isListed, mainFieldOfActivityCode: activity },
        };
        const { facts, discrepancies } = applicationFactsOf(input(steps));
        expect(facts.representationBasis.value).toBe('MANAGEMENT_BOARD_MEMBER');
        expect(facts.isListedCompany.value).toBe(false);
        expect(facts.mainFieldOfActivityCode.value).toBe('74101');
        // Each declaration that differs, and only those, is reported (OTHER is a basis the register never names).
        expect(discrepancies.some((discrepancy) => discrepancy.fact === 'REPRESENTATION_BASIS')).toBe(basis === 'AUTHORIZED_PERSON');
        expect(discrepancies.some((discrepancy) => discrepancy.fact === 'LISTED_COMPANY')).toBe(isListed);
        expect(discrepancies.some((discrepancy) => discrepancy.fact === 'MAIN_FIELD_OF_ACTIVITY')).toBe(activity !== '74101');
      }),
    );
  });
});

describe('beneficial owners the register counts without naming, and a total under 100% (decision 34)', () => {
  const withHidden: RegisterCompanyDetails = { ...card, hiddenBeneficialOwners: 1 };

  it('keeps the register’s count of hidden owners and leaves the beneficial owners unverified while it is above 0', () => {
    const { facts } = applicationFactsOf({ ...input(truthful), register: { details: withHidden, queriedAt: '2026-11-25T10:00:00.000Z' } });
    expect(facts.hiddenBeneficialOwners).toEqual({ value: 1, source: 'REGISTER', queriedAt: '2026-11-25T10:00:00.000Z' });
    expect(unverifiedFactsOf(facts)).toEqual(['BENEFICIAL_OWNERS']);
    expect(unverifiedFactsOf(applicationFactsOf(input(truthful)).facts)).toEqual([]);
  });

  it('reads a card stored before the count was kept as none hidden', () => {
    expect(applicationFactsOf(input(truthful)).facts.hiddenBeneficialOwners).toMatchObject({ value: 0, source: 'REGISTER' });
  });

  it('shows the bank a total under 100% and whether the applicant confirmed nobody else is a beneficial owner', () => {
    const [mari, peeter] = truthful.RelatedPersons.relatedPersons;
    const under = (confirmed: boolean | undefined) => ({
      ...truthful,
      RelatedPersons: {
        ...truthful.RelatedPersons,
        relatedPersons: [mari, { ...peeter, isBeneficialOwner: false, beneficiarySharePercent: undefined }],
        ...(confirmed === undefined ? {} : { hasNoOtherBeneficialOwners: confirmed }),
      },
    });
    expect(applicationFactsOf(input(under(true))).facts.beneficialOwnersBelowHundred).toEqual({
      value: { totalPercent: 70, hasNoOtherBeneficialOwners: true },
      source: 'APPLICANT',
    });
    expect(applicationFactsOf(input(under(undefined))).facts.beneficialOwnersBelowHundred.value).toEqual({
      totalPercent: 70,
      hasNoOtherBeneficialOwners: false,
    });
    expect(applicationFactsOf(input(truthful)).facts.beneficialOwnersBelowHundred.value).toBeNull();
    expect(applicationFactsOf(input({})).facts.beneficialOwnersBelowHundred.value).toBeNull();
  });
});

describe('registerChangesOf', () => {
  const reordered = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(reordered)
      : typeof value === 'object' && value !== null
        ? Object.fromEntries(
            Object.entries(value)
              .reverse()
              .map(([key, item]) => [key, reordered(item)]),
          )
        : value;
  const who = { personalId: '60001019906', personalIdCountryCode: 'EE' };

  it('sees no change in a card read back with its keys in another order (as jsonb gives it)', () => {
    expect(registerChangesOf(reordered(card) as RegisterCompanyDetails, card, who)).toEqual([]);
  });

  it('names each changed fact with the step it reopens', () => {
    const after: RegisterCompanyDetails = { ...card, status: 'IN_LIQUIDATION', managementBoardMembers: [person('60001018800', 'Peeter')] };
    expect(registerChangesOf(card, after, who)).toEqual([
      { fact: 'STATUS', step: 'CompanyData' },
      { fact: 'REPRESENTATION_BASIS', step: 'CompanyData' },
      { fact: 'MANAGEMENT_BOARD', step: 'RelatedPersons' },
    ]);
    expect(registerChangesOf(card, undefined, who)).toEqual([{ fact: 'COMPANY_UNKNOWN', step: 'CompanyData' }]);
  });

  it('names a change of who must sign with the applicant, once both readings state the rule', () => {
    const member = {
      firstName: 'Mary Änn',
      lastName: 'TESTNUMBER',
      personalId: who.personalId,
      personalIdCountryCode: 'EE',
      role: 'MANAGEMENT_BOARD_MEMBER' as const,
    };
    const other = { ...member, firstName: 'Katrin', lastName: 'Ilves', personalId: '47103220312' };
    const alone: RegisterCompanyDetails = {
      ...card,
      representation: {
        rule: { kind: 'EACH_ALONE' },
        specialConditions: [],
        representatives: [
          { ...member, mayActAlone: true },
          { ...other, mayActAlone: true },
        ],
      },
    };
    const jointly: RegisterCompanyDetails = {
      ...card,
      representation: {
        rule: { kind: 'JOINTLY', count: 2 },
        specialConditions: ['Kaks juhatuse liiget ühiselt.'],
        representatives: [
          { ...member, mayActAlone: false },
          { ...other, mayActAlone: false },
        ],
      },
    };
    expect(registerChangesOf(alone, jointly, who)).toEqual([{ fact: 'SIGNERS', step: 'CompanyData' }]);
    expect(registerChangesOf(alone, reordered(alone) as RegisterCompanyDetails, who)).toEqual([]);
    // A card kept before the rule was: its first reading with the rule is no change.
    expect(registerChangesOf(card, jointly, who)).toEqual([]);
  });

  it('a card stored before the register’s words for control were kept is not changed by them; a hidden owner or a notice is', () => {
    const words: RegisterCompanyDetails = {
      ...card,
      beneficialOwners: card.beneficialOwners.map((owner) => ({
        ...owner,
        controlTypeCode: 'O',
        controlTypeName: 'otsene osalus',
        hasDiscrepancyNotice: false,
      })),
      hiddenBeneficialOwners: 0,
      hasBeneficialOwnersMissingNotice: false,
    };
    expect(registerChangesOf(card, words, who)).toEqual([]);
    const changed = [
      { ...words, hiddenBeneficialOwners: 1 },
      { ...words, hasBeneficialOwnersMissingNotice: true },
      { ...words, beneficialOwners: words.beneficialOwners.map((owner, index) => (index === 0 ? { ...owner, hasDiscrepancyNotice: true } : owner)) },
    ];
    for (const after of changed) expect(registerChangesOf(card, after, who)).toEqual([{ fact: 'BENEFICIAL_OWNERS', step: 'RelatedPersons' }]);
  });
});
