import {
  addressSchema,
  parsePersonalId,
  TEXT_MAX_LENGTH,
  validateAlphanumeric,
  validateBirthDate,
  validateCountryCode,
  validatePersonalId,
  validateRegistryCode,
  validateRelatedPersons,
} from '@onboarding/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RegisterCompanyDetails, RegisterPersonData } from './business-register.js';
import { ageOn, isChecksumValidRegistryCode, registerCompanyDetailsSchema, type RegisterShareholder } from '@onboarding/domain';
import { FIXTURE_ACCOUNTS, FIXTURE_APPLICATIONS } from './fixture/bank.js';
import { FIXTURE_COMPANIES, REGISTRY_CODES } from './fixture/companies.js';
import { FIXTURE_PERSONS } from './fixture/persons.js';
import { buildPlaces } from '../reference/places.js';
import { relatedPersonsFromRegister } from './related-persons-from-register.js';
import { createSimulatedRegister } from './simulated-register.js';
import { EMTAK_ACTIVITIES } from '../reference/emtak-activities.js';
import { EMTAK_VERSION } from '../reference/economic-activities.js';

const TODAY = '2025-06-01';
const register = createSimulatedRegister({ today: () => TODAY });
/** The fixture's customers, as the bank's list holds them in simulated mode. */
const bank = {
  hasAccount: (country: string, code: string) => FIXTURE_ACCOUNTS.some((account) => account.registryCountryCode === country && account.registryCode === code),
};
const details = new Map<string, RegisterCompanyDetails>();
const card = (registryCode: string): RegisterCompanyDetails => {
  const found = details.get(registryCode);
  if (!found) throw new Error(`no register card for ${registryCode}`);
  return found;
};

beforeAll(async () => {
  for (const entry of FIXTURE_COMPANIES) {
    const found = await register.company('EE', entry.registryCode);
    if (found) details.set(entry.registryCode, found);
  }
});

const total = (holders: readonly { sharePercent: number }[]) => holders.reduce((sum, holder) => sum + holder.sharePercent, 0);
const legalEntities = (holders: readonly RegisterShareholder[]): Extract<RegisterShareholder, { type: 'LEGAL_ENTITY' }>[] =>
  holders.flatMap((holder) => (holder.type === 'LEGAL_ENTITY' ? [holder, ...legalEntities(holder.shareholders)] : []));
const personLabel = (person: RegisterPersonData) => `${person.personalIdCountryCode}:${person.personalId ?? person.birthDate}`;

/** Each natural person's direct and indirect holding, in percent. */
const effectiveHoldings = (holders: readonly RegisterShareholder[], factor = 1, into = new Map<string, number>()) => {
  for (const holder of holders) {
    if (holder.type === 'LEGAL_ENTITY') effectiveHoldings(holder.shareholders, (factor * holder.sharePercent) / 100, into);
    else into.set(personLabel(holder), (into.get(personLabel(holder)) ?? 0) + factor * holder.sharePercent);
  }
  return into;
};

// The AML act's threshold: holding over 25%, directly or through other companies, makes a beneficial owner.
const BENEFICIAL_OWNER_THRESHOLD_PERCENT = 25;

describe('the fixture register', () => {
  it('holds at least 15 companies with unique, checksum-valid 8-digit registry codes', () => {
    const codes = FIXTURE_COMPANIES.map((entry) => entry.registryCode);
    expect(codes.length).toBeGreaterThanOrEqual(15);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(isChecksumValidRegistryCode(code), code).toBe(true);
      expect(validateRegistryCode(code), code).toBeNull();
    }
    expect(details.size).toBe(codes.length);
  });

  it('answers every company in the shape of the lookup response', () => {
    for (const company of details.values()) {
      expect(registerCompanyDetailsSchema.safeParse(company).success, company.businessName).toBe(true);
      expect(addressSchema.safeParse(company.legalAddress).success, company.businessName).toBe(true);
      expect(company.mainFieldOfActivityCode, company.businessName).toMatch(/^\d{5}$/);
      expect(company.managementBoardMembers.length, company.businessName).toBeGreaterThan(0);
    }
  });

  // The company form picks county, municipality and settlement from the places list: a register address must be on it,
  // each part at its own level, or the form shows it in the wrong field or not at all.
  it('gives every legal address as the places list has it: county, municipality, settlement or city district', () => {
    const counties = buildPlaces().counties;
    for (const company of details.values()) {
      const { county, district, city } = company.legalAddress;
      const chosenCounty = counties.find((candidate) => candidate.name.et === county);
      expect(chosenCounty, `${company.businessName}: county ${String(county)}`).toBeDefined();
      const municipality = chosenCounty?.districts.find((candidate) => candidate.name === district);
      expect(municipality, `${company.businessName}: municipality ${String(district)}`).toBeDefined();
      expect(municipality?.cities, `${company.businessName}: settlement ${city}`).toContain(city);
    }
  });

  // The company form offers the reference list's codes: a code it lacks shows bare and cannot be found by its name.
  it('gives only main fields of activity that the reference list names, in its EMTAK version', () => {
    const listed = new Map(EMTAK_ACTIVITIES.map((activity) => [activity.code, activity.name]));
    for (const company of details.values()) {
      expect(company.emtakVersion, company.businessName).toBe(EMTAK_VERSION);
      const name = listed.get(company.mainFieldOfActivityCode);
      expect(name, `${company.businessName} ${company.mainFieldOfActivityCode}`).toBeDefined();
      for (const text of Object.values(name ?? {})) expect(text.trim(), company.mainFieldOfActivityCode).not.toBe('');
    }
  });

  it('has every Estonian company owner on file, so a chain reads the same from each link', () => {
    for (const company of details.values()) {
      for (const entity of legalEntities(company.shareholders).filter((holder) => holder.registryCountryCode === 'EE')) {
        expect(card(entity.registryCode).shareholders).toEqual(entity.shareholders);
      }
    }
  });

  it('has first-level owners and each company owner total 100%, the listed company only its disclosed 53%', () => {
    for (const company of details.values()) {
      if (company.isListedCompany) expect(total(company.shareholders), company.businessName).toBe(53);
      else expect(total(company.shareholders), company.businessName).toBe(100);
      for (const entity of legalEntities(company.shareholders)) expect(total(entity.shareholders), entity.businessName).toBe(100);
    }
  });

  it('names as beneficial owners exactly the persons holding over 25%, directly or through the chain, with that holding', () => {
    for (const company of details.values()) {
      const holdings = effectiveHoldings(company.shareholders);
      const expected = [...holdings].filter(([, percent]) => percent > BENEFICIAL_OWNER_THRESHOLD_PERCENT).map(([label, percent]) => [label, percent]);
      const named = company.beneficialOwners.map((owner) => [personLabel(owner), owner.beneficiarySharePercent]);
      expect(new Set(company.beneficialOwners.map((owner) => owner.benefitType))).toEqual(new Set(['SHARE_OWNERSHIP']));
      expect(named.sort(), company.businessName).toEqual(expected.sort());
    }
  });

  it('gives related persons that pass validateRelatedPersons, except the beneficial-owner total of the minority and listed cases', () => {
    const exceptions: Record<string, string[]> = {
      // Beneficial owners hold 55% + 30%; the 10% and 5% minority holders are not beneficial owners.
      [REGISTRY_CODES.minorityShareholders]: ['beneficiariesTotalNotEqual'],
      // The public holds 47%; the one beneficial owner holds 35% through Emajõe Kapital OÜ.
      [REGISTRY_CODES.listedAs]: ['beneficiariesTotalNotEqual'],
    };
    for (const company of details.values()) {
      const [representative] = company.managementBoardMembers;
      const draft = relatedPersonsFromRegister(company, { personalId: representative?.personalId ?? '', countryCode: 'EE' });
      const violations = validateRelatedPersons({
        ...draft,
        company: { registryCode: company.registryCode, registryCountryCode: company.registryCountryCode, isListedCompany: company.isListedCompany },
        representative: { personalId: representative?.personalId ?? '', personalIdCountryCode: 'EE' },
      });
      expect(
        violations.map((violation) => violation.code),
        company.businessName,
      ).toEqual(exceptions[company.registryCode] ?? []);
    }
  });

  it('has persons whose fields pass the related-person form rules', () => {
    for (const person of FIXTURE_PERSONS) {
      const label = `${person.firstName} ${person.lastName}`;
      for (const name of [person.firstName, person.lastName]) {
        expect(validateAlphanumeric(name), label).toBeNull();
        expect(name.length, label).toBeLessThanOrEqual(TEXT_MAX_LENGTH.name);
      }
      expect(validateBirthDate(person.birthDate, TODAY), label).toBeNull();
      for (const country of [person.personalIdCountryCode, person.nationalityCountryCode, person.residentialCountryCode]) {
        expect(validateCountryCode(country), label).toBeNull();
      }
      if (person.personalIdCountryCode === 'EE') {
        expect(validatePersonalId(person.personalId ?? ''), label).toBeNull();
        expect(parsePersonalId(person.personalId ?? '')?.birthDate, label).toBe(person.birthDate);
      }
    }
  });

  it('knows every person the companies name who has a personal ID', async () => {
    for (const company of details.values()) {
      const named = [...company.managementBoardMembers, ...company.supervisoryBoardMembers, ...company.authorizedPersons, ...company.beneficialOwners];
      for (const person of named.filter((entry) => entry.personalId !== undefined)) {
        expect(await register.person(person.personalId ?? '', person.personalIdCountryCode), personLabel(person)).toBeDefined();
      }
    }
  });
});

describe('the cases of the fixture', () => {
  it('a one-person OÜ: one board member who owns it all', () => {
    const company = card(REGISTRY_CODES.onePersonOu);
    expect(company.legalForm).toBe('OU');
    expect(company.managementBoardMembers.map((member) => member.personalId)).toEqual(['40504040001']);
    expect(company.shareholders).toMatchObject([{ type: 'PRIVATE_PERSON', personalId: '40504040001', sharePercent: 100 }]);
  });

  it('an AS owned through a two-level chain of companies', () => {
    const company = card(REGISTRY_CODES.chainAs);
    expect(company.legalForm).toBe('AS');
    expect(company.supervisoryBoardMembers).toHaveLength(3);
    const [first] = company.shareholders;
    expect(first).toMatchObject({ type: 'LEGAL_ENTITY', registryCode: REGISTRY_CODES.chainHoldingFirst });
    const second = first?.type === 'LEGAL_ENTITY' ? first.shareholders.find((holder) => holder.type === 'LEGAL_ENTITY') : undefined;
    expect(second).toMatchObject({ type: 'LEGAL_ENTITY', registryCode: REGISTRY_CODES.chainHoldingSecond });
    expect(second?.type === 'LEGAL_ENTITY' ? second.shareholders : []).toMatchObject([{ type: 'PRIVATE_PERSON', personalId: '40504040001' }]);
  });

  it('minority shareholders and a non-resident shareholder', () => {
    const holders = card(REGISTRY_CODES.minorityShareholders).shareholders;
    expect(holders.filter((holder) => holder.sharePercent <= BENEFICIAL_OWNER_THRESHOLD_PERCENT).length).toBeGreaterThanOrEqual(2);
    expect(holders).toContainEqual(expect.objectContaining({ type: 'PRIVATE_PERSON', residency: 'NON_RESIDENT', personalIdCountryCode: 'FI' }));
  });

  it('a listed company, with a foreign company among its owners', () => {
    const company = card(REGISTRY_CODES.listedAs);
    expect(company.isListedCompany).toBe(true);
    expect(company.shareholders).toContainEqual(expect.objectContaining({ type: 'LEGAL_ENTITY', registryCountryCode: 'SE' }));
  });

  it('a company in liquidation and a deleted one', () => {
    expect(card(REGISTRY_CODES.inLiquidation).status).toBe('IN_LIQUIDATION');
    expect(card(REGISTRY_CODES.deleted).status).toBe('DELETED');
  });

  it('a bankrupt company', () => {
    expect(card(REGISTRY_CODES.bankrupt).status).toBe('BANKRUPT');
  });

  it('the register’s own cases: joint representation read and unread, a discrepancy notice, a hidden beneficial owner', () => {
    const byCode = new Map(FIXTURE_COMPANIES.map((entry) => [entry.registryCode, entry]));
    const joint = byCode.get(REGISTRY_CODES.jointRepresentation);
    expect(joint?.jointRepresentation).toBeTruthy();
    expect(joint?.managementBoard.length).toBeGreaterThanOrEqual(2);
    expect(byCode.get(REGISTRY_CODES.unreadableRepresentation)?.managementBoard.length).toBe(3);
    expect(byCode.get(REGISTRY_CODES.discrepancyNotice)?.beneficialOwners.filter((owner) => owner.hasDiscrepancyNotice)).toHaveLength(1);
    expect(byCode.get(REGISTRY_CODES.hiddenBeneficialOwners)?.hiddenBeneficialOwners).toBeGreaterThan(0);
    // Only these companies carry the register's special cases, so every other case stays as simple as it was.
    const special = FIXTURE_COMPANIES.filter(
      (entry) =>
        entry.jointRepresentation !== undefined ||
        entry.hiddenBeneficialOwners !== undefined ||
        entry.beneficialOwners.some((owner) => owner.hasDiscrepancyNotice),
    );
    expect(special.map((entry) => entry.registryCode)).toEqual([
      REGISTRY_CODES.jointRepresentation,
      REGISTRY_CODES.unreadableRepresentation,
      REGISTRY_CODES.discrepancyNotice,
      REGISTRY_CODES.hiddenBeneficialOwners,
    ]);
  });

  it('one company, and only that one, already has an account with the bank', () => {
    const withAccount = FIXTURE_COMPANIES.filter((entry) => bank.hasAccount('EE', entry.registryCode));
    expect(withAccount.map((entry) => entry.registryCode)).toEqual([REGISTRY_CODES.existingAccount]);
  });

  it('seed applications: one pending, one submitted, one started by another board member', async () => {
    expect(FIXTURE_APPLICATIONS.map((application) => [application.status, application.company.registryCode])).toEqual([
      ['IN_PROGRESS', REGISTRY_CODES.pendingApplication],
      ['SUBMITTED', REGISTRY_CODES.submittedApplication],
      ['IN_PROGRESS', REGISTRY_CODES.otherRepresentative],
    ]);
    for (const application of FIXTURE_APPLICATIONS) {
      const { personalId, personalIdCountryCode } = application.representative;
      const companies = await register.companiesOf({ personalId, countryCode: personalIdCountryCode });
      const company = card(application.company.registryCode);
      expect(companies.map((entry) => entry.registryCode)).toContain(application.company.registryCode);
      expect(application.company.businessName).toBe(company.businessName);
      expect(company.status).toBe('ACTIVE');
      expect(bank.hasAccount('EE', company.registryCode)).toBe(false);
    }
    const otherBoard = card(REGISTRY_CODES.otherRepresentative).managementBoardMembers.map((member) => member.personalId);
    expect(otherBoard).toEqual(expect.arrayContaining(['39901012239', '60001019906']));
  });

  it('a minor representative: SK’s demo minor is under 18 by the personal code', async () => {
    const born = parsePersonalId('61101012257')?.birthDate ?? '';
    expect(born).toBe('2011-01-01');
    expect(ageOn(born, TODAY)).toBeLessThan(18);
    expect((await register.person('61101012257', 'EE'))?.age).toBeLessThan(18);
    expect(card(REGISTRY_CODES.minorRepresentative).managementBoardMembers.map((member) => member.personalId)).toEqual(['61101012257']);
  });

  it('a representative whose identity document is invalid', async () => {
    const person = await register.person('30303039914', 'EE');
    expect(person?.identityDocument).toMatchObject({ isValid: false, validUntil: '2024-03-14' });
    expect(card(REGISTRY_CODES.invalidDocument).managementBoardMembers.map((member) => member.personalId)).toEqual(['30303039914']);
    const others = FIXTURE_PERSONS.filter((entry) => entry.personalId !== '30303039914' && entry.identityDocument);
    expect(others.every((entry) => (entry.identityDocument?.validUntil ?? '') >= TODAY)).toBe(true);
  });
});

/** Who signs in as whom and sees which companies: the table of README.md. */
const SIGN_IN_CASES: [personalId: string, registryCodes: string[]][] = [
  ['40504040001', [REGISTRY_CODES.onePersonOu, REGISTRY_CODES.chainAs, REGISTRY_CODES.listedAs, REGISTRY_CODES.inLiquidation, REGISTRY_CODES.existingAccount]],
  ['50001029996', [REGISTRY_CODES.minorityShareholders, REGISTRY_CODES.pendingApplication]],
  ['39901012239', [REGISTRY_CODES.submittedApplication, REGISTRY_CODES.otherRepresentative]],
  ['61101012257', [REGISTRY_CODES.minorRepresentative]],
  ['30303039914', [REGISTRY_CODES.invalidDocument]],
  ['40404049996', [REGISTRY_CODES.listedAs]],
  ['40404049985', [REGISTRY_CODES.chainAs]],
  ['30303039903', []],
  ['30303039816', [REGISTRY_CODES.chainHoldingFirst]],
  ['60001019906', [REGISTRY_CODES.otherRepresentative, REGISTRY_CODES.maryAnnNew]],
  ['60001018800', [REGISTRY_CODES.maryAnnNew]],
  [
    '60001017869',
    [
      REGISTRY_CODES.minorityShareholders,
      REGISTRY_CODES.jointRepresentation,
      REGISTRY_CODES.unreadableRepresentation,
      REGISTRY_CODES.discrepancyNotice,
      REGISTRY_CODES.hiddenBeneficialOwners,
      REGISTRY_CODES.bankrupt,
    ],
  ],
  ['51307149560', []],
  ['38001085718', [REGISTRY_CODES.chainAs, REGISTRY_CODES.testPersonOu]],
];

describe('sign-in identities', () => {
  it.each(SIGN_IN_CASES)('%s may represent the companies README.md lists', async (personalId, registryCodes) => {
    const companies = await register.companiesOf({ personalId, countryCode: 'EE' });
    expect(companies.map((entry) => entry.registryCode)).toEqual(registryCodes);
    const person = await register.person(personalId, 'EE');
    expect(person?.identityDocument).not.toBeNull();
  });

  it('the authorized person is told apart from board members', async () => {
    const [company] = await register.companiesOf({ personalId: '60001018800', countryCode: 'EE' });
    expect(company?.representationBasis).toBe('AUTHORIZED_PERSON');
  });
});
