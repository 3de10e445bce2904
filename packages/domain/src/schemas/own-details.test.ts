import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completeOwnDetails } from '../test-support/complete-application.js';
import { ownDetailsDifferences, ownDetailsOf, ownDetailsSchema, withOwnDetails, type OwnDetails } from './own-details.js';
import { privatePersonSchema } from './related-persons.js';

const mine: OwnDetails = {
  ...completeOwnDetails('47103220312'),
  residentialAddress: { countryCode: 'EE', city: 'Tallinn', street: 'Pikk 1', postalCode: '10123' },
};

describe('own details', () => {
  it('are the private person fields only the person knows, with the same rules', () => {
    expect(ownDetailsSchema.safeParse(mine).success).toBe(true);
    const repeated = ownDetailsSchema.safeParse({ ...mine, taxResidences: [...mine.taxResidences, { countryCode: 'EE', tin: '1' }] });
    expect(repeated.success).toBe(false);
    expect(ownDetailsSchema.safeParse({ ...mine, isPep: true }).success).toBe(false);
    expect(ownDetailsSchema.safeParse({ ...mine, taxResidences: [] }).success).toBe(false);
    const person = {
      ...mine,
      id: 'p1',
      type: 'PRIVATE_PERSON',
      roles: ['MANAGEMENT_BOARD_MEMBER'],
      firstName: 'Katrin',
      lastName: 'Ilves',
      personalId: '47103220312',
      birthDate: '1971-03-22',
      isBeneficialOwner: false,
    };
    const parsed = privatePersonSchema.parse(person);
    expect(ownDetailsOf(parsed)).toEqual(mine);
    expect(privatePersonSchema.safeParse({ ...person, isPep: true }).success).toBe(false);
  });

  it('differ only where the person means something else', () => {
    expect(ownDetailsDifferences(mine, mine)).toEqual([]);
    const sameMeant = {
      ...mine,
      residentialAddress: { ...mine.residentialAddress, street: ' pikk  1 ' },
      taxResidences: [{ countryCode: 'ee', tin: '471-032-20312' }],
    };
    expect(ownDetailsDifferences(sameMeant, mine)).toEqual([]);
    const moved = { ...mine, residency: 'NON_RESIDENT' as const, taxResidences: [...mine.taxResidences, { countryCode: 'FI', tin: '010170-123A' }] };
    expect(ownDetailsDifferences(moved, mine)).toEqual(['residency', 'taxResidences']);
    // PEP details matter only for a PEP.
    expect(
      ownDetailsDifferences(
        { ...mine, pep: { firstName: 'A', lastName: 'B', birthDate: '1970-01-01', birthCountryCode: 'EE', governmentPosition: 'x' } },
        mine,
      ),
    ).toEqual([]);
  });

  it('a difference is symmetric and nothing differs from itself', () => {
    const residences = fc.array(fc.record({ countryCode: fc.constantFrom('EE', 'FI', 'LV'), tin: fc.stringMatching(/^[A-Z0-9]{1,8}$/) }), {
      minLength: 1,
      maxLength: 3,
    });
    const details = fc.record({
      residency: fc.constantFrom('RESIDENT' as const, 'NON_RESIDENT' as const),
      isPep: fc.boolean(),
      taxResidences: residences,
      isEResident: fc.boolean(),
    });
    fc.assert(
      fc.property(details, details, (a, b) => {
        const left = { ...mine, ...a };
        const right = { ...mine, ...b };
        expect(ownDetailsDifferences(left, left)).toEqual([]);
        expect(ownDetailsDifferences(left, right)).toEqual(ownDetailsDifferences(right, left));
      }),
    );
  });
});

describe('own details written into the related persons step', () => {
  const step = {
    shareholders: [],
    relatedPersons: [
      { id: 'me', type: 'PRIVATE_PERSON', firstName: 'Mari', isPep: true, pep: { governmentPosition: 'x' } },
      { id: 'company', type: 'LEGAL_ENTITY', businessName: 'Ema OÜ' },
    ],
  };

  it('replaces only that person’s own fields, and drops PEP details the person does not give', () => {
    const written = withOwnDetails(step, 'me', mine);
    expect(written?.relatedPersons[0]).toEqual({ id: 'me', type: 'PRIVATE_PERSON', firstName: 'Mari', ...mine });
    expect(written?.relatedPersons[1]).toBe(step.relatedPersons[1]);
    expect(step.relatedPersons[0]).toMatchObject({ isPep: true });
  });

  it('finds no one else: a company, an unknown id or no step at all', () => {
    expect(withOwnDetails(step, 'company', mine)).toBeUndefined();
    expect(withOwnDetails(step, 'nobody', mine)).toBeUndefined();
    expect(withOwnDetails(undefined, 'me', mine)).toBeUndefined();
  });
});
