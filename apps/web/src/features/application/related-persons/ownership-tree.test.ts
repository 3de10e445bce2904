import { describe, expect, it } from 'vitest';
import type { LegalEntityValues, RelatedPersonsValues } from './form-values';
import { ownershipTree, type OwnersLevel } from './ownership-tree';

const entity = (id: string, shareholders: LegalEntityValues['shareholders']): LegalEntityValues => ({
  id,
  type: 'LEGAL_ENTITY',
  roles: ['SHAREHOLDER'],
  businessName: id,
  shareholders,
});
const person = (id: string) => ({ id, type: 'PRIVATE_PERSON' as const, roles: [] });

/** The tree as "name share [total] (owners)" for readable expectations. */
function outline(level: OwnersLevel): unknown {
  return {
    total: level.totalPercent,
    isWrong: level.isWrong,
    owners: level.owners.map((node) => ({
      id: node.person.id,
      share: node.sharePercent,
      isRepeated: node.isRepeated,
      owners: node.owners && outline(node.owners),
    })),
  };
}

describe('ownershipTree', () => {
  it('the applicant’s owners, legal entities with their own owners to any depth, each level totalled', () => {
    const values: RelatedPersonsValues = {
      shareholders: [
        { personId: 'p1', sharePercent: 55.5 },
        { personId: 'e1', sharePercent: 29.5 },
      ],
      relatedPersons: [person('p1'), entity('e1', [{ personId: 'e2', sharePercent: 100 }]), entity('e2', [{ personId: 'p2', sharePercent: 60 }]), person('p2')],
    };
    expect(outline(ownershipTree(values))).toEqual({
      total: 85,
      isWrong: true,
      owners: [
        { id: 'p1', share: 55.5, isRepeated: false, owners: null },
        {
          id: 'e1',
          share: 29.5,
          isRepeated: false,
          owners: {
            total: 100,
            isWrong: false,
            owners: [
              {
                id: 'e2',
                share: 100,
                isRepeated: false,
                owners: { total: 60, isWrong: false, owners: [{ id: 'p2', share: 60, isRepeated: false, owners: null }] },
              },
            ],
          },
        },
      ],
    });
  });

  it('a chain that comes back to a company above it stops there', () => {
    const values: RelatedPersonsValues = {
      shareholders: [{ personId: 'a', sharePercent: 100 }],
      relatedPersons: [entity('a', [{ personId: 'b', sharePercent: 100 }]), entity('b', [{ personId: 'a', sharePercent: 100 }])],
    };
    const tree = ownershipTree(values);
    const b = tree.owners[0]?.owners?.owners[0];
    expect(b?.person.id).toBe('b');
    expect(b?.owners?.owners[0]).toMatchObject({ isRepeated: true, owners: null });
  });

  it('first level: exactly 100%, a listed company at most 100%; below it only more than 100% is wrong', () => {
    const at = (share: number, options?: { isListedCompany?: boolean }) =>
      ownershipTree({ shareholders: [{ personId: 'p', sharePercent: share }], relatedPersons: [person('p')] }, options).isWrong;
    expect(at(100)).toBe(false);
    expect(at(99.99)).toBe(true);
    expect(at(60, { isListedCompany: true })).toBe(false);
    expect(at(100.01, { isListedCompany: true })).toBe(true);
    const nested = ownershipTree({
      shareholders: [{ personId: 'e', sharePercent: 100 }],
      relatedPersons: [
        entity('e', [
          { personId: 'p', sharePercent: 70 },
          { personId: 'q', sharePercent: 40 },
        ]),
        person('p'),
        person('q'),
      ],
    });
    expect(nested.owners[0]?.owners).toMatchObject({ totalPercent: 110, isWrong: true });
    // 0.1 + 0.2 adds up in hundredths, not floats.
    expect(
      ownershipTree({
        shareholders: [
          { personId: 'p', sharePercent: 99.9 },
          { personId: 'q', sharePercent: 0.1 },
        ],
        relatedPersons: [person('p'), person('q')],
      }).isWrong,
    ).toBe(false);
  });
});
