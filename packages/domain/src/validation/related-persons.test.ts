import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateRelatedPersons, type LegalEntityRef, type PrivatePersonRef, type RelatedPersonsRuleInput } from './related-persons.js';

const person = (id: string, fields: Partial<PrivatePersonRef> = {}): PrivatePersonRef => ({
  id,
  type: 'PRIVATE_PERSON',
  roles: [],
  ...fields,
});
const entity = (id: string, fields: Partial<LegalEntityRef> = {}): LegalEntityRef => ({
  id,
  type: 'LEGAL_ENTITY',
  roles: ['SHAREHOLDER'],
  shareholders: [],
  ...fields,
});

/** A valid starting point: one board member who owns and benefits from all of the company. */
const valid = (): RelatedPersonsRuleInput => ({
  relatedPersons: [
    person('p1', {
      roles: ['REPRESENTATIVE', 'MANAGEMENT_BOARD_MEMBER', 'SHAREHOLDER', 'BENEFICIARY'],
      personalId: '38001085718',
      beneficiarySharePercent: 100,
    }),
  ],
  shareholders: [{ personId: 'p1', sharePercent: 100 }],
  company: { registryCode: '12345678', isListedCompany: false },
  representative: { personalId: '38001085718' },
});

const codes = (input: RelatedPersonsRuleInput) => validateRelatedPersons(input).map((violation) => violation.code);

describe('validateRelatedPersons (docs/requirements.md section 5)', () => {
  it('accepts a consistent list', () => {
    expect(validateRelatedPersons(valid())).toEqual([]);
  });

  it('accepts a chain: the company owned by a person and a legal entity owned by two persons', () => {
    const input: RelatedPersonsRuleInput = {
      relatedPersons: [
        person('p1', { roles: ['MANAGEMENT_BOARD_MEMBER', 'SHAREHOLDER', 'BENEFICIARY'], personalId: '38001085718', beneficiarySharePercent: 60 }),
        entity('e1', {
          registryCode: '87654321',
          shareholders: [
            { personId: 'p2', sharePercent: 50 },
            { personId: 'p3', sharePercent: 50 },
          ],
        }),
        person('p2', { roles: ['SHAREHOLDER', 'BENEFICIARY'], personalId: '60001019906', beneficiarySharePercent: 20 }),
        person('p3', { roles: ['SHAREHOLDER', 'BENEFICIARY'], birthDate: '1970-01-01', beneficiarySharePercent: 20 }),
      ],
      shareholders: [
        { personId: 'p1', sharePercent: 60 },
        { personId: 'e1', sharePercent: 40 },
      ],
    };
    expect(validateRelatedPersons(input)).toEqual([]);
  });

  it('names both persons with the same personal ID', () => {
    const input = valid();
    input.relatedPersons = [...input.relatedPersons, person('p2', { personalId: '38001085718', roles: ['SUPERVISORY_BOARD_MEMBER'] })];
    expect(validateRelatedPersons(input)).toEqual([{ code: 'personAlreadyExists', params: {}, personIds: ['p1', 'p2'] }]);
  });

  it('treats the same number from another country as another person', () => {
    const input = valid();
    input.relatedPersons = [
      ...input.relatedPersons,
      person('p2', { personalId: '38001085718', personalIdCountryCode: 'LV', roles: ['SUPERVISORY_BOARD_MEMBER'] }),
    ];
    expect(validateRelatedPersons(input)).toEqual([]);
  });

  it('tells persons without an ID apart by birth date', () => {
    const input = valid();
    input.relatedPersons = [
      ...input.relatedPersons,
      person('p2', { birthDate: '1970-01-01', roles: ['SUPERVISORY_BOARD_MEMBER'] }),
      person('p3', { birthDate: '1970-01-01', roles: ['SUPERVISORY_BOARD_MEMBER'] }),
      person('p4', { birthDate: '1970-01-02', roles: ['SUPERVISORY_BOARD_MEMBER'] }),
      person('p5', { personalId: '60001019906', birthDate: '1970-01-01', roles: ['SUPERVISORY_BOARD_MEMBER'] }),
    ];
    expect(validateRelatedPersons(input)).toEqual([{ code: 'personWithBirthDateAlreadyExists', params: {}, personIds: ['p2', 'p3'] }]);
  });

  it('requires at least one owner', () => {
    const input = valid();
    input.shareholders = [];
    input.relatedPersons = [person('p1', { roles: ['MANAGEMENT_BOARD_MEMBER', 'BENEFICIARY'], beneficiarySharePercent: 100 })];
    expect(validateRelatedPersons(input)).toEqual([{ code: 'ownerRequired', params: {}, personIds: [] }]);
  });

  it('names legal entities with the same registry code', () => {
    const input = valid();
    input.relatedPersons = [...input.relatedPersons, entity('e1', { registryCode: '11111111' }), entity('e2', { registryCode: '11111111' })];
    input.shareholders = [
      { personId: 'p1', sharePercent: 50 },
      { personId: 'e1', sharePercent: 25 },
      { personId: 'e2', sharePercent: 25 },
    ];
    expect(validateRelatedPersons(input)).toEqual([{ code: 'legalEntityAlreadyExists', params: {}, personIds: ['e1', 'e2'] }]);
  });

  it.each([
    [[60, 40], null],
    [[33.33, 33.33, 33.34], null],
    [[60, 30], 'totalHoldingNotEqual'],
    [[60, 50], 'totalHoldingTooBig'],
  ])('first-level owners holding %j totals 100%%: %s', (shares, code) => {
    const ids = shares.map((_, index) => `p${String(index + 1)}`);
    const input: RelatedPersonsRuleInput = {
      relatedPersons: ids.map((id, index) =>
        person(id, {
          roles: ['MANAGEMENT_BOARD_MEMBER', 'SHAREHOLDER', 'BENEFICIARY'],
          personalId: String(index),
          beneficiarySharePercent: index === 0 ? 100 : undefined,
        }),
      ),
      shareholders: ids.map((id, index) => ({ personId: id, sharePercent: shares[index] })),
    };
    const total = shares.reduce((sum, share) => sum + share * 100, 0) / 100;
    expect(validateRelatedPersons(input)).toEqual(code === null ? [] : [{ code, params: { total, expected: 100 }, personIds: ids }]);
  });

  it.each([
    [[100], null],
    [[50, 25], 'beneficiariesTotalNotEqual'],
    [[75, 50], 'beneficiariesTotalTooBig'],
    [[], 'beneficiariesTotalNotEqual'],
  ])("beneficiaries' stakes %j total 100%%: %s", (stakes, code) => {
    const beneficiaries = stakes.map((stake, index) =>
      person(`b${String(index)}`, { roles: ['BENEFICIARY'], birthDate: `1970-01-0${String(index + 1)}`, beneficiarySharePercent: stake }),
    );
    const input = valid();
    input.relatedPersons = [person('p1', { roles: ['REPRESENTATIVE', 'MANAGEMENT_BOARD_MEMBER', 'SHAREHOLDER'], personalId: '38001085718' }), ...beneficiaries];
    const total = stakes.reduce((sum, stake) => sum + stake, 0);
    expect(validateRelatedPersons(input)).toEqual(code === null ? [] : [{ code, params: { total, expected: 100 }, personIds: beneficiaries.map((b) => b.id) }]);
  });

  describe('a total under 100% with the confirmation that nobody else is a beneficial owner (decision 34)', () => {
    /** 55% + 30% beneficial owners; the rest in holdings under 25% nobody controls. */
    const minority = (fields: Partial<RelatedPersonsRuleInput> = {}): RelatedPersonsRuleInput => ({
      ...valid(),
      relatedPersons: [
        person('p1', {
          roles: ['REPRESENTATIVE', 'MANAGEMENT_BOARD_MEMBER', 'SHAREHOLDER', 'BENEFICIARY'],
          personalId: '38001085718',
          beneficiarySharePercent: 55,
        }),
        person('p2', { roles: ['SHAREHOLDER', 'BENEFICIARY'], birthDate: '1970-01-01', beneficiarySharePercent: 30 }),
        person('p3', { roles: ['SHAREHOLDER'], birthDate: '1970-01-02' }),
        person('p4', { roles: ['SHAREHOLDER'], birthDate: '1970-01-03' }),
      ],
      shareholders: [
        { personId: 'p1', sharePercent: 55 },
        { personId: 'p2', sharePercent: 30 },
        { personId: 'p3', sharePercent: 10 },
        { personId: 'p4', sharePercent: 5 },
      ],
      ...fields,
    });

    it('passes with the confirmation, without declaring the minority holders as beneficial owners', () => {
      expect(validateRelatedPersons(minority({ hasNoOtherBeneficialOwners: true }))).toEqual([]);
    });

    it('without it, asks for the missing owner or the confirmation', () => {
      expect(validateRelatedPersons(minority())).toEqual([
        { code: 'beneficiariesTotalNotEqual', params: { total: 85, expected: 100 }, personIds: ['p1', 'p2'] },
      ]);
      expect(codes(minority({ hasNoOtherBeneficialOwners: false }))).toEqual(['beneficiariesTotalNotEqual']);
    });

    it('confirms nothing when nobody is marked a beneficial owner', () => {
      const input = minority({ hasNoOtherBeneficialOwners: true });
      input.relatedPersons = input.relatedPersons.map((entry) =>
        entry.type === 'PRIVATE_PERSON' ? { ...entry, roles: entry.roles.filter((role) => role !== 'BENEFICIARY') } : entry,
      );
      expect(codes(input)).toEqual(['beneficiariesTotalNotEqual']);
    });

    it('a beneficial owner without a stake (a member of a directing body) may stand alone with the confirmation', () => {
      const input = valid();
      input.relatedPersons = [person('p1', { roles: ['REPRESENTATIVE', 'MANAGEMENT_BOARD_MEMBER', 'SHAREHOLDER', 'BENEFICIARY'], personalId: '38001085718' })];
      expect(codes(input)).toEqual(['beneficiariesTotalNotEqual']);
      expect(codes({ ...input, hasNoOtherBeneficialOwners: true })).toEqual([]);
    });

    it('any total from 0.01% to 99.99% passes with the confirmation and fails without; over 100% fails either way', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 20000 }), fc.boolean(), (basisPoints, isConfirmed) => {
          const input = valid();
          input.relatedPersons = [
            person('p1', {
              roles: ['REPRESENTATIVE', 'MANAGEMENT_BOARD_MEMBER', 'SHAREHOLDER', 'BENEFICIARY'],
              personalId: '38001085718',
              beneficiarySharePercent: basisPoints / 100,
            }),
          ];
          input.hasNoOtherBeneficialOwners = isConfirmed;
          const found = codes(input);
          if (basisPoints === 10000 || (basisPoints < 10000 && isConfirmed)) expect(found).toEqual([]);
          else expect(found).toEqual([basisPoints > 10000 ? 'beneficiariesTotalTooBig' : 'beneficiariesTotalNotEqual']);
        }),
      );
    });
  });

  it('counts a beneficial-owner flag like the role', () => {
    const input = valid();
    input.relatedPersons = [
      person('p1', {
        roles: ['REPRESENTATIVE', 'MANAGEMENT_BOARD_MEMBER', 'SHAREHOLDER'],
        personalId: '38001085718',
        isBeneficialOwner: true,
        beneficiarySharePercent: 100,
      }),
    ];
    expect(validateRelatedPersons(input)).toEqual([]);
  });

  it('requires a management board member', () => {
    const input = valid();
    input.relatedPersons = [person('p1', { roles: ['REPRESENTATIVE', 'SHAREHOLDER', 'BENEFICIARY'], personalId: '38001085718', beneficiarySharePercent: 100 })];
    expect(codes(input)).toEqual(['managementBoardMemberRequired']);
  });

  it('requires each legal entity to be in a shareholders list', () => {
    const input = valid();
    input.relatedPersons = [...input.relatedPersons, entity('e1', { registryCode: '11111111' })];
    expect(validateRelatedPersons(input)).toEqual([{ code: 'legalEntityNotInShareholders', params: {}, personIds: ['e1'] }]);
  });

  it("requires each private-person owner to be in some company's list", () => {
    const input = valid();
    input.relatedPersons = [...input.relatedPersons, person('p2', { roles: ['SHAREHOLDER'], personalId: '60001019906' })];
    expect(validateRelatedPersons(input)).toEqual([{ code: 'ownerNotInShareholders', params: {}, personIds: ['p2'] }]);
  });

  it('accepts an owner listed only by a nested legal entity', () => {
    const input = valid();
    input.relatedPersons = [
      ...input.relatedPersons,
      entity('e1', { shareholders: [{ personId: 'p2', sharePercent: 100 }] }),
      person('p2', { roles: ['SHAREHOLDER'], personalId: '60001019906' }),
    ];
    input.shareholders = [
      { personId: 'p1', sharePercent: 50 },
      { personId: 'e1', sharePercent: 50 },
    ];
    expect(validateRelatedPersons(input)).toEqual([]);
  });

  it('checks the representative against the signed-in person', () => {
    const input = valid();
    input.representative = { personalId: '60001019906' };
    expect(validateRelatedPersons(input)).toEqual([{ code: 'representativeIncorrect', params: {}, personIds: ['p1'] }]);
  });

  it('allows one representative only, and never a legal entity', () => {
    const input = valid();
    input.relatedPersons = [...input.relatedPersons, person('p2', { roles: ['REPRESENTATIVE'], personalId: '60001019906' })];
    expect(validateRelatedPersons(input)).toEqual([{ code: 'representativeIncorrect', params: {}, personIds: ['p1', 'p2'] }]);

    const withEntity = valid();
    withEntity.relatedPersons = [
      person('p1', { roles: ['MANAGEMENT_BOARD_MEMBER', 'SHAREHOLDER', 'BENEFICIARY'], personalId: '38001085718', beneficiarySharePercent: 100 }),
      entity('e1', { roles: ['SHAREHOLDER', 'REPRESENTATIVE'] }),
    ];
    withEntity.shareholders = [
      { personId: 'p1', sharePercent: 50 },
      { personId: 'e1', sharePercent: 50 },
    ];
    expect(validateRelatedPersons(withEntity)).toEqual([{ code: 'representativeIncorrect', params: {}, personIds: ['e1'] }]);
  });

  it('reports an id used twice as a technical problem', () => {
    const input = valid();
    input.relatedPersons = [...input.relatedPersons, person('p1', { personalId: '60001019906', roles: ['SUPERVISORY_BOARD_MEMBER'] })];
    expect(codes(input)).toContain('technicalIdNotUnique');
    expect(validateRelatedPersons(input).find((v) => v.code === 'technicalIdNotUnique')?.personIds).toEqual(['p1']);
  });

  it('reports a shareholder missing from the related persons, naming the list', () => {
    const input = valid();
    input.relatedPersons = [...input.relatedPersons, entity('e1', { shareholders: [{ personId: 'ghost', sharePercent: 100 }] })];
    input.shareholders = [
      { personId: 'p1', sharePercent: 50 },
      { personId: 'e1', sharePercent: 50 },
    ];
    expect(validateRelatedPersons(input)).toEqual([{ code: 'technicalShareholderMissing', params: { companyId: 'e1' }, personIds: ['ghost'] }]);
  });

  it('reports a person listed twice in one shareholders list', () => {
    const input = valid();
    input.shareholders = [
      { personId: 'p1', sharePercent: 50 },
      { personId: 'p1', sharePercent: 50 },
    ];
    expect(validateRelatedPersons(input)).toEqual([{ code: 'technicalIdNotUnique', params: { companyId: '' }, personIds: ['p1'] }]);
  });

  it('lets a listed company disclose less than 100% but never more', () => {
    const input = valid();
    input.company = { isListedCompany: true };
    input.shareholders = [{ personId: 'p1', sharePercent: 30 }];
    expect(validateRelatedPersons(input)).toEqual([]);
    input.relatedPersons = [...input.relatedPersons, entity('e1')];
    input.shareholders = [
      { personId: 'p1', sharePercent: 70 },
      { personId: 'e1', sharePercent: 40 },
    ];
    expect(validateRelatedPersons(input)).toEqual([{ code: 'technicalListedCompanyPercent', params: { total: 110, expected: 100 }, personIds: ['p1', 'e1'] }]);
  });

  it("limits a nested legal entity's owners to 100% (less is allowed), naming the entity and its owners", () => {
    const input = valid();
    const nested = (shares: number[]) => {
      input.relatedPersons = [
        ...valid().relatedPersons,
        entity('e1', { shareholders: shares.map((share, index) => ({ personId: `q${String(index)}`, sharePercent: share })) }),
        ...shares.map((_, index) => person(`q${String(index)}`, { roles: ['SHAREHOLDER'], birthDate: `1970-01-0${String(index + 1)}` })),
      ];
      input.shareholders = [
        { personId: 'p1', sharePercent: 50 },
        { personId: 'e1', sharePercent: 50 },
      ];
      return validateRelatedPersons(input);
    };
    expect(nested([60, 40])).toEqual([]);
    expect(nested([30])).toEqual([]);
    expect(nested([90, 60])).toEqual([
      { code: 'legalEntityOwnersTotalTooBig', params: { total: 150, expected: 100, companyId: 'e1' }, personIds: ['e1', 'q0', 'q1'] },
    ]);
  });

  it('finds an entity that owns itself directly', () => {
    const input = valid();
    input.relatedPersons = [...input.relatedPersons, entity('e1', { shareholders: [{ personId: 'e1', sharePercent: 100 }] })];
    input.shareholders = [
      { personId: 'p1', sharePercent: 50 },
      { personId: 'e1', sharePercent: 50 },
    ];
    expect(validateRelatedPersons(input)).toEqual([{ code: 'technicalEntityOwnsItself', params: {}, personIds: ['e1'] }]);
  });

  it('finds entities that own themselves through a chain, and not those merely owned by the chain', () => {
    const input = valid();
    input.relatedPersons = [
      ...input.relatedPersons,
      entity('e1', { shareholders: [{ personId: 'e2', sharePercent: 100 }] }),
      entity('e2', { shareholders: [{ personId: 'e3', sharePercent: 100 }] }),
      entity('e3', { shareholders: [{ personId: 'e1', sharePercent: 100 }] }),
      entity('e4', { shareholders: [{ personId: 'e1', sharePercent: 100 }] }),
    ];
    input.shareholders = [
      { personId: 'p1', sharePercent: 50 },
      { personId: 'e4', sharePercent: 50 },
    ];
    expect(validateRelatedPersons(input)).toEqual([{ code: 'technicalEntityOwnsItself', params: {}, personIds: ['e1', 'e2', 'e3'] }]);
  });

  it('finds the applicant among its own owners', () => {
    const input = valid();
    input.relatedPersons = [...input.relatedPersons, entity('e1', { registryCode: '12345678' })];
    input.shareholders = [
      { personId: 'p1', sharePercent: 50 },
      { personId: 'e1', sharePercent: 50 },
    ];
    expect(validateRelatedPersons(input)).toEqual([{ code: 'technicalEntityOwnsItself', params: {}, personIds: ['e1'] }]);
  });

  it('reports every violation at once', () => {
    expect(codes({ relatedPersons: [entity('e1')], shareholders: [] })).toEqual([
      'ownerRequired',
      'beneficiariesTotalNotEqual',
      'managementBoardMemberRequired',
      'legalEntityNotInShareholders',
    ]);
  });
});

/** Splits 100% (10 000 hundredths) into `count` positive parts. */
const partitionOf100 = fc.integer({ min: 1, max: 12 }).chain((count) =>
  fc.uniqueArray(fc.integer({ min: 1, max: 9999 }), { minLength: count - 1, maxLength: count - 1 }).map((cuts) => {
    const bounds = [0, ...cuts.sort((a, b) => a - b), 10000];
    return bounds.slice(1).map((bound, index) => (bound - (bounds[index] ?? 0)) / 100);
  }),
);

const ownedBy = (shares: readonly number[], stakes: readonly number[]): RelatedPersonsRuleInput => ({
  relatedPersons: shares.map((_, index) =>
    person(`p${String(index)}`, {
      roles: ['MANAGEMENT_BOARD_MEMBER', 'SHAREHOLDER', 'BENEFICIARY'],
      personalId: String(index),
      beneficiarySharePercent: stakes[index] ?? 0,
    }),
  ),
  shareholders: shares.map((share, index) => ({ personId: `p${String(index)}`, sharePercent: share })),
});

describe('ownership totals (properties)', () => {
  it('any split of 100% into shares with two decimals passes', () => {
    fc.assert(
      fc.property(partitionOf100, (shares) => {
        expect(validateRelatedPersons(ownedBy(shares, shares))).toEqual([]);
      }),
    );
  });

  it('moving any non-zero amount off 100% fails, naming every owner and the total', () => {
    fc.assert(
      fc.property(
        partitionOf100,
        fc.integer({ min: -9999, max: 9999 }).filter((delta) => delta !== 0),
        fc.nat(),
        (shares, delta, pick) => {
          const index = pick % shares.length;
          const changed = shares.map((share, i) => (i === index ? Math.round(share * 100 + delta) / 100 : share));
          fc.pre((changed[index] ?? 0) > 0);
          const violations = validateRelatedPersons(ownedBy(changed, shares));
          expect(violations).toHaveLength(1);
          const [violation] = violations;
          expect(violation?.code).toBe(delta > 0 ? 'totalHoldingTooBig' : 'totalHoldingNotEqual');
          expect(violation?.params).toEqual({ total: (10000 + delta) / 100, expected: 100 });
          expect(violation?.personIds).toEqual(changed.map((_, i) => `p${String(i)}`));
        },
      ),
    );
  });

  it("the beneficiaries' total passes exactly at 100%", () => {
    fc.assert(
      fc.property(partitionOf100, fc.integer({ min: -5000, max: 5000 }), (stakes, delta) => {
        const changed = stakes.map((stake, i) => (i === 0 ? Math.round(stake * 100 + delta) / 100 : stake));
        const violations = validateRelatedPersons(
          ownedBy(
            stakes.map(() => 100 / stakes.length),
            changed,
          ),
        ).filter((violation) => violation.code.startsWith('beneficiaries'));
        if (delta === 0) expect(violations).toEqual([]);
        else expect(violations.map((violation) => violation.code)).toEqual([delta > 0 ? 'beneficiariesTotalTooBig' : 'beneficiariesTotalNotEqual']);
      }),
    );
  });
});

/** An owner in a generated ownership structure: a private person, or a company with owners of its own. */
type OwnerShape = { kind: 'person' } | { kind: 'entity'; owners: OwnerShape[] };

const ownerShape: (depth: number) => fc.Arbitrary<OwnerShape> = fc.memo((depth) =>
  depth <= 1
    ? fc.constant<OwnerShape>({ kind: 'person' })
    : fc.oneof(
        fc.constant<OwnerShape>({ kind: 'person' }),
        fc.array(ownerShape(depth - 1), { minLength: 1, maxLength: 3 }).map((owners): OwnerShape => ({ kind: 'entity', owners })),
      ),
);

/** Splits 100% over `count` holdings in hundredths, the remainder on the first. */
const evenShares = (count: number): number[] => {
  const part = Math.floor(10000 / count);
  return Array.from({ length: count }, (_, index) => (index === 0 ? 10000 - part * (count - 1) : part) / 100);
};

/**
 * A consistent structure built from shapes: unique ids, personal IDs and
 * registry codes, every list totalling 100%, every owner listed, no cycles,
 * the first person on the board and the one beneficial owner.
 */
function structureOf(rootOwners: readonly OwnerShape[]): RelatedPersonsRuleInput & { depthOf: Map<string, number> } {
  const relatedPersons: (PrivatePersonRef | LegalEntityRef)[] = [];
  const depthOf = new Map<string, number>();
  const holdingsOf = (owners: readonly OwnerShape[], depth: number) => {
    const shares = evenShares(owners.length);
    return owners.map((owner, index) => {
      const number = relatedPersons.length;
      if (owner.kind === 'person') {
        const id = `p${String(number)}`;
        relatedPersons.push(person(id, { roles: ['SHAREHOLDER'], personalId: String(30000000000 + number) }));
        depthOf.set(id, depth);
        return { personId: id, sharePercent: shares[index] ?? 0 };
      }
      const id = `e${String(number)}`;
      const created = entity(id, { registryCode: String(10000000 + number) });
      relatedPersons.push(created);
      depthOf.set(id, depth);
      created.shareholders = holdingsOf(owner.owners, depth + 1);
      return { personId: id, sharePercent: shares[index] ?? 0 };
    });
  };
  const shareholders = holdingsOf(rootOwners, 1);
  const first = relatedPersons.find((candidate): candidate is PrivatePersonRef => candidate.type === 'PRIVATE_PERSON');
  if (first) {
    first.roles = ['MANAGEMENT_BOARD_MEMBER', 'SHAREHOLDER', 'BENEFICIARY'];
    first.beneficiarySharePercent = 100;
  }
  return { relatedPersons, shareholders, depthOf };
}

const structures = fc.array(ownerShape(4), { minLength: 1, maxLength: 4 }).map(structureOf);

describe('generated ownership structures (properties)', () => {
  it('a consistent structure of any depth passes', () => {
    fc.assert(
      fc.property(structures, (structure) => {
        expect(validateRelatedPersons(structure)).toEqual([]);
      }),
    );
  });

  it('two persons with the same personal ID are both named, and nothing else breaks', () => {
    fc.assert(
      fc.property(structures, fc.nat(), fc.nat(), (structure, a, b) => {
        const persons = structure.relatedPersons.filter((candidate): candidate is PrivatePersonRef => candidate.type === 'PRIVATE_PERSON');
        fc.pre(persons.length >= 2);
        const first = persons[a % persons.length];
        const second = persons[b % persons.length];
        fc.pre(first !== undefined && second !== undefined && first !== second);
        second.personalId = first.personalId;
        const violations = validateRelatedPersons(structure);
        expect(violations.map((violation) => violation.code)).toEqual(['personAlreadyExists']);
        expect(new Set(violations[0]?.personIds)).toEqual(new Set([first.id, second.id]));
      }),
    );
  });

  it('two legal entities with the same registry code are both named', () => {
    fc.assert(
      fc.property(structures, fc.nat(), fc.nat(), (structure, a, b) => {
        const entities = structure.relatedPersons.filter((candidate): candidate is LegalEntityRef => candidate.type === 'LEGAL_ENTITY');
        fc.pre(entities.length >= 2);
        const first = entities[a % entities.length];
        const second = entities[b % entities.length];
        fc.pre(first !== undefined && second !== undefined && first !== second);
        second.registryCode = first.registryCode;
        const violations = validateRelatedPersons(structure);
        expect(violations.map((violation) => violation.code)).toEqual(['legalEntityAlreadyExists']);
        expect(new Set(violations[0]?.personIds)).toEqual(new Set([first.id, second.id]));
      }),
    );
  });

  it('an entity made to own one of its owners closes a cycle: exactly the entities on it are named', () => {
    fc.assert(
      fc.property(structures, fc.nat(), (structure, a) => {
        const entities = structure.relatedPersons.filter((candidate): candidate is LegalEntityRef => candidate.type === 'LEGAL_ENTITY');
        // Pick an entity with an entity among its (direct or indirect) owners, and make the owner own it back.
        const ownersOf = (id: string): string[] => {
          const owned = entities.find((candidate) => candidate.id === id);
          return (owned?.shareholders ?? []).flatMap((holding) => [holding.personId, ...ownersOf(holding.personId)]);
        };
        const candidates = entities.flatMap((owned) =>
          ownersOf(owned.id)
            .filter((id) => id.startsWith('e'))
            .map((ownerId) => ({ owned, ownerId })),
        );
        fc.pre(candidates.length > 0);
        const pick = candidates[a % candidates.length];
        fc.pre(pick !== undefined);
        const owner = entities.find((candidate) => candidate.id === pick.ownerId);
        fc.pre(owner !== undefined);
        owner.shareholders = [...owner.shareholders, { personId: pick.owned.id, sharePercent: 0 }];
        // The cycle: the owned entity, the owner, and every entity on the ownership path between them.
        const onPath = (from: string, to: string): string[] | null => {
          if (from === to) return [to];
          const owned = entities.find((candidate) => candidate.id === from);
          for (const holding of owned?.shareholders ?? []) {
            if (holding.personId === pick.owned.id) continue;
            const rest = onPath(holding.personId, to);
            if (rest) return [from, ...rest];
          }
          return null;
        };
        const cycle = onPath(pick.owned.id, pick.ownerId) ?? [];
        const violations = validateRelatedPersons(structure).filter((violation) => violation.code === 'technicalEntityOwnsItself');
        expect(violations).toHaveLength(1);
        expect(new Set(violations[0]?.personIds)).toEqual(new Set(cycle));
      }),
    );
  });

  it("a legal entity's owners moved over 100% are named, at any depth; at or under 100% nothing breaks", () => {
    fc.assert(
      fc.property(structures, fc.nat(), fc.integer({ min: -9999, max: 9999 }), (structure, a, delta) => {
        const entities = structure.relatedPersons.filter((candidate): candidate is LegalEntityRef => candidate.type === 'LEGAL_ENTITY');
        fc.pre(entities.length > 0);
        const changed = entities[a % entities.length];
        const [first, ...rest] = changed?.shareholders ?? [];
        fc.pre(changed !== undefined && first !== undefined);
        const share = Math.round((first.sharePercent ?? 0) * 100 + delta) / 100;
        fc.pre(share >= 0);
        changed.shareholders = [{ ...first, sharePercent: share }, ...rest];
        const violations = validateRelatedPersons(structure);
        if (delta <= 0) {
          expect(violations).toEqual([]);
        } else {
          expect(violations).toEqual([
            {
              code: 'legalEntityOwnersTotalTooBig',
              params: { total: (10000 + delta) / 100, expected: 100, companyId: changed.id },
              personIds: [changed.id, ...changed.shareholders.map((holding) => holding.personId)],
            },
          ]);
        }
      }),
    );
  });

  it('a nested owner taken out of every list is named; its own owners stay listed', () => {
    fc.assert(
      fc.property(structures, fc.nat(), (structure, a) => {
        const nested = [...structure.depthOf].filter(([, depth]) => depth > 1).map(([id]) => id);
        fc.pre(nested.length > 0);
        const removed = nested[a % nested.length] ?? '';
        for (const candidate of structure.relatedPersons) {
          if (candidate.type === 'LEGAL_ENTITY') candidate.shareholders = candidate.shareholders.filter((holding) => holding.personId !== removed);
        }
        const violations = validateRelatedPersons(structure).filter(
          (violation) => violation.code === 'legalEntityNotInShareholders' || violation.code === 'ownerNotInShareholders',
        );
        expect(violations).toEqual([
          { code: removed.startsWith('e') ? 'legalEntityNotInShareholders' : 'ownerNotInShareholders', params: {}, personIds: [removed] },
        ]);
      }),
    );
  });
});
