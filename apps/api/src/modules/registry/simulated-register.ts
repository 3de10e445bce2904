import { ageOn, businessNameKey, cleanRegistryCode, DEFAULT_COUNTRY_CODE, todayInEstonia } from '@onboarding/domain';
import {
  type BusinessRegister,
  type PersonKey,
  type RegisterCompany,
  type RegisterCompanyDetails,
  type RegisterPerson,
  type RegisterPersonData,
} from './business-register.js';
import type { RegisterShareholder } from '@onboarding/domain';
import { FIXTURE_COMPANIES } from './fixture/companies.js';
import { FIXTURE_PERSONS } from './fixture/persons.js';
import type { FixtureCompany, FixtureHolding, FixturePerson } from './fixture/types.js';

// docs/requirements.md section 3's "EMTAK version"; the fixture's activity codes are EMTAK 2008 codes.
const EMTAK_VERSION = 'EMTAK 2008';

// A chain deeper than this is a fixture mistake (a company owning itself), not data.
const MAX_CHAIN_DEPTH = 10;

export type SimulatedRegisterOptions = {
  companies?: readonly FixtureCompany[];
  persons?: readonly FixturePerson[];
  /** Today in yyyy-MM-dd, for ages and document validity; Estonian time by default. */
  today?: () => string;
};

const personKey = (personalId: string, countryCode: string) => `${countryCode.trim().toUpperCase()}:${personalId.trim()}`;
const companyKey = (registryCountryCode: string, registryCode: string) => `${registryCountryCode.trim().toUpperCase()}:${cleanRegistryCode(registryCode)}`;

const isSamePerson = (person: FixturePerson, key: PersonKey) =>
  person.personalId !== undefined && personKey(person.personalId, person.personalIdCountryCode) === personKey(key.personalId, key.countryCode);

const toPersonData = (person: FixturePerson): RegisterPersonData => ({
  firstName: person.firstName,
  lastName: person.lastName,
  ...(person.personalId === undefined ? {} : { personalId: person.personalId }),
  personalIdCountryCode: person.personalIdCountryCode,
  birthDate: person.birthDate,
  nationalityCountryCode: person.nationalityCountryCode,
  residentialCountryCode: person.residentialCountryCode,
  residency: person.residency,
});

/** The register of the fixture (fixture/*.ts), answering as the live registers would. */
export const createSimulatedRegister = (options: SimulatedRegisterOptions = {}): BusinessRegister => {
  const companies = options.companies ?? FIXTURE_COMPANIES;
  const persons = options.persons ?? FIXTURE_PERSONS;
  const today = options.today ?? (() => todayInEstonia());
  const companiesByKey = new Map(companies.map((entry) => [companyKey(DEFAULT_COUNTRY_CODE, entry.registryCode), entry]));
  const personsByKey = new Map(
    persons.flatMap((person) => (person.personalId === undefined ? [] : [[personKey(person.personalId, person.personalIdCountryCode), person] as const])),
  );

  const shareholdersOf = (holdings: readonly FixtureHolding[], depth: number): RegisterShareholder[] => {
    if (depth > MAX_CHAIN_DEPTH) throw new Error('the fixture has a chain of owners that loops');
    return holdings.map((holding): RegisterShareholder => {
      switch (holding.kind) {
        case 'PERSON':
          return { type: 'PRIVATE_PERSON', ...toPersonData(holding.person), sharePercent: holding.sharePercent };
        case 'FOREIGN_ENTITY':
          return {
            type: 'LEGAL_ENTITY',
            businessName: holding.entity.businessName,
            registryCode: holding.entity.registryCode,
            registryCountryCode: holding.entity.registryCountryCode,
            sharePercent: holding.sharePercent,
            shareholders: shareholdersOf(holding.entity.shareholders, depth + 1),
          };
        case 'COMPANY': {
          const owner = companiesByKey.get(companyKey(DEFAULT_COUNTRY_CODE, holding.registryCode));
          if (!owner) throw new Error(`the fixture names an owner ${holding.registryCode} it does not register`);
          return {
            type: 'LEGAL_ENTITY',
            businessName: owner.businessName,
            registryCode: owner.registryCode,
            registryCountryCode: DEFAULT_COUNTRY_CODE,
            sharePercent: holding.sharePercent,
            shareholders: shareholdersOf(owner.shareholders, depth + 1),
          };
        }
      }
    });
  };

  const detailsOf = (entry: FixtureCompany): RegisterCompanyDetails => ({
    businessName: entry.businessName,
    registryCode: entry.registryCode,
    registryCountryCode: DEFAULT_COUNTRY_CODE,
    legalForm: entry.legalForm,
    status: entry.status,
    registrationDate: entry.registrationDate,
    legalAddress: entry.legalAddress,
    emtakVersion: EMTAK_VERSION,
    mainFieldOfActivityCode: entry.mainFieldOfActivityCode,
    isListedCompany: entry.isListedCompany,
    managementBoardMembers: entry.managementBoard.map(toPersonData),
    supervisoryBoardMembers: entry.supervisoryBoard.map(toPersonData),
    authorizedPersons: entry.authorizedPersons.map(toPersonData),
    shareholders: shareholdersOf(entry.shareholders, 0),
    beneficialOwners: entry.beneficialOwners.map((owner) => ({
      ...toPersonData(owner.person),
      benefitType: owner.benefitType,
      ...(owner.beneficiarySharePercent === undefined ? {} : { beneficiarySharePercent: owner.beneficiarySharePercent }),
      ...(owner.benefitTypeOther === undefined ? {} : { benefitTypeOther: owner.benefitTypeOther }),
      ...(owner.hasDiscrepancyNotice === true ? { hasDiscrepancyNotice: true } : {}),
    })),
    hiddenBeneficialOwners: entry.hiddenBeneficialOwners ?? 0,
    hasBeneficialOwnersMissingNotice: entry.hasBeneficialOwnersMissingNotice === true,
  });

  const representationOf = (entry: FixtureCompany, key: PersonKey): RegisterCompany['representationBasis'] | null => {
    if (entry.managementBoard.some((member) => isSamePerson(member, key))) return 'MANAGEMENT_BOARD_MEMBER';
    if (entry.authorizedPersons.some((member) => isSamePerson(member, key))) return 'AUTHORIZED_PERSON';
    return null;
  };

  return {
    companiesOf: async (key) =>
      companies.flatMap((entry): RegisterCompany[] => {
        // Nobody may act for a deleted company.
        if (entry.status === 'DELETED') return [];
        const representationBasis = representationOf(entry, key);
        if (!representationBasis) return [];
        return [
          {
            businessName: entry.businessName,
            registryCode: entry.registryCode,
            registryCountryCode: DEFAULT_COUNTRY_CODE,
            legalForm: entry.legalForm,
            status: entry.status,
            representationBasis,
          },
        ];
      }),

    company: async (registryCountryCode, registryCode) => {
      const entry = companiesByKey.get(companyKey(registryCountryCode, registryCode));
      return entry ? detailsOf(entry) : undefined;
    },

    companiesNamed: async (businessName) => {
      const key = businessNameKey(businessName);
      return key === '' ? [] : companies.filter((entry) => businessNameKey(entry.businessName) === key).map(detailsOf);
    },

    person: async (personalId, countryCode): Promise<RegisterPerson | undefined> => {
      const person = personsByKey.get(personKey(personalId, countryCode));
      if (!person) return undefined;
      const onDay = today();
      const document = person.identityDocument;
      return {
        ...toPersonData(person),
        age: ageOn(person.birthDate, onDay),
        identityDocument: document ? { ...document, isValid: document.validUntil >= onDay } : null,
      };
    },
  };
};
