import { createRelatedPersonsSchema, parseWithIssues } from '@onboarding/domain';
import { describe, expect, it } from 'vitest';
import {
  APPLICANT_ID,
  holdingsOf,
  newPersonId,
  readStepValues,
  removePerson,
  savePerson,
  toStepPayload,
  withConsistentRoles,
  withRepresentative,
  emptyStepValues,
  type LegalEntityValues,
  type RelatedPersonsValues,
} from './form-values';
import { completeStep, MARI_ID, registerPrefill, REPRESENTATIVE_ID } from './test-fixtures';

const juri = { personalId: '38001085718', personalIdCountryCode: 'EE', givenName: 'Jüri', surname: 'Tamm', isManagementBoardMember: false };
const entity = (id: string, shareholders: LegalEntityValues['shareholders'] = []): LegalEntityValues => ({
  id,
  type: 'LEGAL_ENTITY',
  roles: [],
  businessName: id,
  shareholders,
});

describe('readStepValues', () => {
  it('reads the saved step, the register pre-fill and a draft alike', () => {
    expect(readStepValues(completeStep())).toEqual(completeStep());
    expect(readStepValues(registerPrefill)).toEqual(registerPrefill);
    expect(readStepValues(JSON.parse(JSON.stringify(completeStep())))).toEqual(completeStep());
  });

  it('anything else is an empty step', () => {
    for (const source of [undefined, null, 'x', [], 42]) expect(readStepValues(source)).toEqual({ shareholders: [], relatedPersons: [] });
  });

  it('leaves out what is of the wrong kind, persons without an id or type, and holdings of unknown persons', () => {
    const values = readStepValues({
      shareholders: [{ personId: 'a', sharePercent: 50 }, { personId: 'ghost', sharePercent: 50 }, { sharePercent: 1 }, 'x'],
      relatedPersons: [
        {
          id: 'a',
          type: 'PRIVATE_PERSON',
          roles: ['SHAREHOLDER', 'KING'],
          firstName: 7,
          lastName: 'Kask',
          isPep: 'yes',
          taxResidences: [{ countryCode: 'EE' }],
          residency: 'MARS',
        },
        { id: 'a', type: 'PRIVATE_PERSON', roles: [] },
        { type: 'PRIVATE_PERSON', roles: [] },
        { id: 'b', type: 'ROBOT', roles: [] },
        {
          id: 'c',
          type: 'LEGAL_ENTITY',
          roles: [],
          shareholders: [
            { personId: 'a', sharePercent: 'ten' },
            { personId: 'nobody', sharePercent: 5 },
          ],
        },
      ],
    });
    expect(values).toEqual({
      shareholders: [{ personId: 'a', sharePercent: 50 }],
      relatedPersons: [
        { id: 'a', type: 'PRIVATE_PERSON', roles: ['SHAREHOLDER'], lastName: 'Kask', taxResidences: [{ countryCode: 'EE', tin: '' }] },
        { id: 'c', type: 'LEGAL_ENTITY', roles: [], shareholders: [{ personId: 'a' }] },
      ],
    });
  });
});

describe('withRepresentative', () => {
  const newId = () => 'person:new:rep';

  it('adds the signed-in person first, with their names, personal ID and the birth date it holds, when nobody is the representative', () => {
    const values = withRepresentative(readStepValues(registerPrefill), juri, newId);
    expect(values.relatedPersons[0]).toEqual({
      id: 'person:new:rep',
      type: 'PRIVATE_PERSON',
      roles: ['REPRESENTATIVE'],
      firstName: 'Jüri',
      lastName: 'Tamm',
      personalId: '38001085718',
      personalIdCountryCode: 'EE',
      birthDate: '1980-01-08',
    });
    expect(values.relatedPersons).toHaveLength(3);
  });

  it('a board member by the company step is one among the persons too (a company typed by hand has no register to say so)', () => {
    const values = withRepresentative(emptyStepValues(), { ...juri, isManagementBoardMember: true }, newId);
    expect(values.relatedPersons).toEqual([expect.objectContaining({ roles: ['REPRESENTATIVE', 'MANAGEMENT_BOARD_MEMBER'], birthDate: '1980-01-08' })]);
  });

  it('gives the role to the person with the same personal ID instead of adding a second one', () => {
    const step = completeStep();
    step.relatedPersons[0] = { ...step.relatedPersons[0]!, roles: ['MANAGEMENT_BOARD_MEMBER'] };
    const values = withRepresentative(step, juri, newId);
    expect(values.relatedPersons).toHaveLength(2);
    expect(values.relatedPersons[0]?.roles).toEqual(['REPRESENTATIVE', 'MANAGEMENT_BOARD_MEMBER']);
  });

  it('changes nothing when someone is the representative, or nobody is signed in', () => {
    const step = completeStep();
    expect(withRepresentative(step, juri, newId)).toBe(step);
    const prefill = readStepValues(registerPrefill);
    expect(withRepresentative(prefill, null, newId)).toBe(prefill);
  });
});

describe('roles follow the lists', () => {
  it('SHAREHOLDER from a holding anywhere, BENEFICIARY from the answered flag', () => {
    const values: RelatedPersonsValues = {
      shareholders: [{ personId: 'e', sharePercent: 100 }],
      relatedPersons: [
        entity('e', [{ personId: 'p', sharePercent: 100 }]),
        { id: 'p', type: 'PRIVATE_PERSON', roles: ['BENEFICIARY'], isBeneficialOwner: false },
        { id: 'q', type: 'PRIVATE_PERSON', roles: ['SHAREHOLDER', 'BENEFICIARY'] },
      ],
    };
    expect(withConsistentRoles(values).relatedPersons.map((person) => person.roles)).toEqual([['SHAREHOLDER'], ['SHAREHOLDER'], ['BENEFICIARY']]);
  });

  it('the payload carries them, and a complete step passes the domain schema with its context', () => {
    const payload = toStepPayload(completeStep());
    const context = {
      company: { registryCode: '12345678', registryCountryCode: 'EE', isListedCompany: false },
      representative: { personalId: '38001085718', personalIdCountryCode: 'EE' },
    };
    expect(parseWithIssues(createRelatedPersonsSchema(context), payload)).toMatchObject({ success: true });
  });
});

describe('savePerson and removePerson', () => {
  const base = (): RelatedPersonsValues => ({
    shareholders: [
      { personId: 'x', sharePercent: 50 },
      { personId: 'e', sharePercent: 50 },
    ],
    relatedPersons: [{ id: 'x', type: 'PRIVATE_PERSON', roles: ['SHAREHOLDER'] }, entity('e')],
  });

  it('a new person goes last, with a holding in each company it has a share in', () => {
    const values = savePerson(base(), { id: 'n', type: 'PRIVATE_PERSON', roles: [] }, new Map([['e', 100]]));
    expect(values.relatedPersons.map((person) => person.id)).toEqual(['x', 'e', 'n']);
    expect((values.relatedPersons[1] as LegalEntityValues).shareholders).toEqual([{ personId: 'n', sharePercent: 100 }]);
    expect(values.relatedPersons[2]?.roles).toEqual(['SHAREHOLDER']);
    expect(holdingsOf(values, 'n')).toEqual(new Map([['e', 100]]));
  });

  it('an edited person keeps its place and the place of its holdings; a cleared share drops the holding', () => {
    let values = savePerson(base(), { id: 'x', type: 'PRIVATE_PERSON', roles: ['SHAREHOLDER'], firstName: 'Mari' }, new Map([[APPLICANT_ID, 30]]));
    expect(values.shareholders).toEqual([
      { personId: 'x', sharePercent: 30 },
      { personId: 'e', sharePercent: 50 },
    ]);
    expect(values.relatedPersons[0]).toMatchObject({ firstName: 'Mari' });
    values = savePerson(values, { id: 'x', type: 'PRIVATE_PERSON', roles: ['SHAREHOLDER'] }, new Map());
    expect(values.shareholders).toEqual([{ personId: 'e', sharePercent: 50 }]);
    expect(values.relatedPersons[0]?.roles).toEqual([]);
  });

  it('an entity is never put in its own shareholders list', () => {
    const values = savePerson(
      base(),
      { ...entity('e'), businessName: 'E' },
      new Map([
        ['e', 10],
        [APPLICANT_ID, 50],
      ]),
    );
    expect((values.relatedPersons[1] as LegalEntityValues).shareholders).toEqual([]);
  });

  it('removing a person removes their holdings everywhere; the representative stays', () => {
    const step = completeStep();
    const values = removePerson(step, MARI_ID);
    expect(values.shareholders).toEqual([{ personId: REPRESENTATIVE_ID, sharePercent: 60 }]);
    expect(values.relatedPersons).toHaveLength(1);
    expect(removePerson(step, REPRESENTATIVE_ID)).toBe(step);
    const nested = removePerson(savePerson(base(), { id: 'n', type: 'PRIVATE_PERSON', roles: [] }, new Map([['e', 100]])), 'n');
    expect((nested.relatedPersons[1] as LegalEntityValues).shareholders).toEqual([]);
  });

  it('a new id is not one the step has', () => {
    const ids = ['a', 'a', 'b'];
    expect(newPersonId({ shareholders: [], relatedPersons: [{ id: 'person:new:a', type: 'PRIVATE_PERSON', roles: [] }] }, () => ids.shift() ?? 'z')).toBe(
      'person:new:b',
    );
  });
});
