import { describe, expect, it } from 'vitest';
import { REGISTRY_CODES } from './fixture/companies.js';
import { relatedPersonsFromRegister } from './related-persons-from-register.js';
import { createSimulatedRegister } from './simulated-register.js';

const register = createSimulatedRegister({ today: () => '2025-06-01' });

describe('createSimulatedRegister', () => {
  it('lists the companies a person may represent with the basis of the right', async () => {
    const companies = await register.companiesOf({ personalId: '60001019906', countryCode: 'EE' });
    expect(companies).toEqual([
      {
        businessName: 'Tamme Aiandus OÜ',
        registryCode: REGISTRY_CODES.otherRepresentative,
        registryCountryCode: 'EE',
        legalForm: 'OU',
        status: 'ACTIVE',
        representationBasis: 'MANAGEMENT_BOARD_MEMBER',
      },
      {
        businessName: 'Mereranna Disain OÜ',
        registryCode: REGISTRY_CODES.maryAnnNew,
        registryCountryCode: 'EE',
        legalForm: 'OU',
        status: 'ACTIVE',
        representationBasis: 'MANAGEMENT_BOARD_MEMBER',
      },
    ]);
  });

  it('keeps a company in liquidation among the choices and leaves a deleted one out', async () => {
    const okCompanies = await register.companiesOf({ personalId: '40504040001', countryCode: 'EE' });
    expect(okCompanies.find((entry) => entry.registryCode === REGISTRY_CODES.inLiquidation)?.status).toBe('IN_LIQUIDATION');
    const deletedBoard = await register.companiesOf({ personalId: '40404049985', countryCode: 'EE' });
    expect(deletedBoard.map((entry) => entry.registryCode)).not.toContain(REGISTRY_CODES.deleted);
  });

  it('knows nobody by a code of another country or an unknown code', async () => {
    expect(await register.companiesOf({ personalId: '40504040001', countryCode: 'LT' })).toEqual([]);
    expect(await register.companiesOf({ personalId: '38001010015', countryCode: 'EE' })).toEqual([]);
  });

  it('finds a company by registry code, whitespace and country case aside, and nothing for an unknown one', async () => {
    expect((await register.company('ee', ` ${REGISTRY_CODES.onePersonOu.slice(0, 4)} ${REGISTRY_CODES.onePersonOu.slice(4)} `))?.businessName).toBe(
      'Näidis Tehnoloogia OÜ',
    );
    expect(await register.company('EE', '10060701')).toBeUndefined();
    expect(await register.company('LV', REGISTRY_CODES.onePersonOu)).toBeUndefined();
  });

  it('reads the birth date from the personal code and the age and document validity on the day', async () => {
    const person = await register.person('61101012257', 'EE');
    expect(person).toMatchObject({ firstName: 'MINOR', lastName: 'TESTNUMBER', birthDate: '2011-01-01', age: 14, residency: 'RESIDENT' });
    expect(person?.identityDocument).toMatchObject({ type: 'ID_CARD', isValid: true });

    const later = createSimulatedRegister({ today: () => '2032-01-01' });
    expect((await later.person('61101012257', 'EE'))?.identityDocument?.isValid).toBe(false);
    expect((await later.person('61101012257', 'EE'))?.age).toBe(21);
  });

  it('finds a foreign person by their own country’s code and nobody unknown', async () => {
    expect((await register.person('150679-123V', 'FI'))?.residency).toBe('NON_RESIDENT');
    expect(await register.person('38001010015', 'EE')).toBeUndefined();
  });
});

describe('relatedPersonsFromRegister', () => {
  it('lists each person once with all their roles, and each company owner with its own owners', async () => {
    const company = await register.company('EE', REGISTRY_CODES.chainAs);
    if (!company) throw new Error('the chain AS is missing');
    const draft = relatedPersonsFromRegister(company, { personalId: '38001085718', countryCode: 'EE' });

    expect(draft.shareholders).toEqual([{ personId: `entity:EE:${REGISTRY_CODES.chainHoldingFirst}`, sharePercent: 100 }]);
    const byId = new Map(draft.relatedPersons.map((person) => [person.id, person]));
    expect(byId.get(`entity:EE:${REGISTRY_CODES.chainHoldingFirst}`)).toMatchObject({
      type: 'LEGAL_ENTITY',
      businessName: 'Põhjala Grupp OÜ',
      shareholders: [
        { personId: `entity:EE:${REGISTRY_CODES.chainHoldingSecond}`, sharePercent: 50 },
        { personId: 'person:EE:38001085718', sharePercent: 50 },
      ],
    });
    expect(byId.get('person:EE:38001085718')).toMatchObject({
      roles: ['REPRESENTATIVE', 'MANAGEMENT_BOARD_MEMBER', 'BENEFICIARY', 'SHAREHOLDER'],
      isBeneficialOwner: true,
      beneficiarySharePercent: 50,
      benefitType: 'SHARE_OWNERSHIP',
    });
    expect(byId.get('person:EE:30303039903')?.roles).toEqual(['SUPERVISORY_BOARD_MEMBER']);
  });

  it('adds an authorized person as the representative, and tells apart a person without a personal ID by birth date', async () => {
    const design = await register.company('EE', REGISTRY_CODES.maryAnnNew);
    const listed = await register.company('EE', REGISTRY_CODES.listedAs);
    if (!design || !listed) throw new Error('a fixture company is missing');
    const representative = relatedPersonsFromRegister(design, { personalId: '60001018800', countryCode: 'EE' }).relatedPersons.find((person) =>
      person.roles.includes('REPRESENTATIVE'),
    );
    expect(representative?.id).toBe('person:EE:60001018800');
    const ids = relatedPersonsFromRegister(listed).relatedPersons.map((person) => person.id);
    expect(ids).toContain('person:SE:1971-05-12:Svensson');
  });
});
