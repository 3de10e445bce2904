import type { ApplicationOverview } from '../schemas/overview.js';

/**
 * Every step of one complete application, for tests: Jõeorg Konsultatsioonid
 * OÜ of the register fixture, represented by Jaak-Kristjan Jõeorg, who sits
 * on its board and owns and benefits from all of it. Each call gives fresh
 * objects, so a test may change them.
 */

export const COMPLETE_APPLICATION_COMPANY = { businessName: 'Jõeorg Konsultatsioonid OÜ', registryCode: '19013347', registryCountryCode: 'EE' } as const;
export const COMPLETE_APPLICATION_REPRESENTATIVE = { personalId: '38001085718', personalIdCountryCode: 'EE' } as const;

/** Jõeorg Konsultatsioonid OÜ's legal address as the register fixture has it. */
const address = (): { countryCode: string; county: string; district?: string; city: string; street: string; postalCode: string } => ({
  countryCode: 'EE',
  county: 'Harju maakond',
  district: 'Tallinn',
  city: 'Mustamäe linnaosa',
  street: 'Akadeemia tee 21',
  postalCode: '12618',
});

/** Whose application it is: a register company and the person on its board who owns all of it. */
export type ApplicationSubject = {
  /** The company as the register fixture gives it, so the declaration agrees with the register (no discrepancy). */
  company: { businessName: string; registryCode: string; legalAddress?: ReturnType<typeof address>; mainFieldOfActivityCode?: string };
  person: { personalId: string; firstName: string; lastName: string; birthDate: string };
};

export const JAAK_KRISTJAN: ApplicationSubject = {
  company: { businessName: COMPLETE_APPLICATION_COMPANY.businessName, registryCode: COMPLETE_APPLICATION_COMPANY.registryCode },
  person: { personalId: '38001085718', firstName: 'Jaak-Kristjan', lastName: 'Jõeorg', birthDate: '1980-01-08' },
};
/** SK's Smart-ID demo identity and the one-person company of the register fixture. */
export const OK_TESTNUMBER: ApplicationSubject = {
  company: {
    businessName: 'Näidis Tehnoloogia OÜ',
    registryCode: '19000149',
    legalAddress: { countryCode: 'EE', county: 'Harju maakond', district: 'Tallinn', city: 'Kesklinna linnaosa', street: 'Narva mnt 5', postalCode: '10117' },
    mainFieldOfActivityCode: '62011',
  },
  person: { personalId: '40504040001', firstName: 'OK', lastName: 'TESTNUMBER', birthDate: '1905-04-04' },
};
/** SK's Mobile-ID demo identity (+37200000766) and her new company in the register fixture. */
export const MARY_ANN: ApplicationSubject = {
  company: {
    businessName: 'Mereranna Disain OÜ',
    registryCode: '19010030',
    legalAddress: { countryCode: 'EE', county: 'Harju maakond', district: 'Tallinn', city: 'Pirita linnaosa', street: 'Merivälja tee 20', postalCode: '11911' },
    mainFieldOfActivityCode: '74101',
  },
  person: { personalId: '60001019906', firstName: 'Mary Änn', lastName: 'O’Connež-Šuslik Testnumber', birthDate: '2000-01-01' },
};

/** SK's Mobile-ID demo identity (+37268000769) on the board of Kaheallkirja Ehitus OÜ, which two members represent only jointly. */
export const JOINT_BOARD_MEMBER: ApplicationSubject = {
  company: {
    businessName: 'Kaheallkirja Ehitus OÜ',
    registryCode: '19018830',
    legalAddress: { countryCode: 'EE', county: 'Tartu maakond', district: 'Tartu linn', city: 'Tartu', street: 'Riia tn 24', postalCode: '51010' },
    mainFieldOfActivityCode: '41201',
  },
  person: { personalId: '60001017869', firstName: 'OK', lastName: 'TESTNUMBER', birthDate: '2000-01-01' },
};

export const completeOpeningReasons = () => ({ openingReasons: ['DOMESTICSETTLEMENTS'] });

export const completeCompanyData = (subject: ApplicationSubject = JAAK_KRISTJAN) => ({
  businessName: subject.company.businessName,
  registryCode: subject.company.registryCode,
  registryCountryCode: 'EE',
  representationBasis: 'MANAGEMENT_BOARD_MEMBER',
  businessEmail: 'info@joeorg.ee',
  businessPhone: '+372 5123 4567',
  contactLanguage: 'ET',
  emtakVersion: 'EMTAK 2008',
  mainFieldOfActivityCode: subject.company.mainFieldOfActivityCode ?? '70221',
  additionalFieldOfActivityCodes: [],
  fieldOfActivityDescription: 'Juhtimisnõustamine',
  numberOfEmployees: 2,
  targetMarketCountryCodes: ['EE'],
  legalAddress: subject.company.legalAddress ?? address(),
  isContactAddressSameAsRegistrationAddress: true,
  hasLicense: false,
  partners: [],
  isListedCompany: false,
  hasAccountInOtherCreditInstitution: false,
  hasAccountClosedInLastSixMonths: false,
});

export const completeIncomes = () => ({
  estimatedMonthlyIncome: { customAmount: 750000 },
  estimatedMonthlyPayments: { band: 50000 },
  monthlyCashDeposit: 0,
  monthlyCashWithdrawal: 5000,
  incomeSources: ['BUSINESS_ACTIVITY'],
});

export const REPRESENTATIVE_PERSON_ID = 'person:EE:38001085718';
const personIdOf = (subject: ApplicationSubject) => `person:EE:${subject.person.personalId}`;

/** A person's own details (decision 40) as a person living and paying tax in Estonia gives them. */
export const completeOwnDetails = (personalId = JAAK_KRISTJAN.person.personalId) => ({
  birthCountryCode: 'EE',
  nationalityCountryCode: 'EE',
  residentialAddress: address(),
  residentialCountryCode: 'EE',
  residency: 'RESIDENT' as const,
  isEResident: false,
  livesAndWorksMostlyInEstonia: true,
  taxResidences: [{ countryCode: 'EE', tin: personalId }],
  isPep: false,
});

export const completeRepresentativePerson = (subject: ApplicationSubject = JAAK_KRISTJAN) => ({
  id: personIdOf(subject),
  type: 'PRIVATE_PERSON' as const,
  roles: ['REPRESENTATIVE', 'MANAGEMENT_BOARD_MEMBER', 'BENEFICIARY', 'SHAREHOLDER'],
  firstName: subject.person.firstName,
  lastName: subject.person.lastName,
  personalId: subject.person.personalId,
  personalIdCountryCode: 'EE',
  birthDate: subject.person.birthDate,
  birthCountryCode: 'EE',
  nationalityCountryCode: 'EE',
  residentialAddress: address(),
  residentialCountryCode: 'EE',
  residency: 'RESIDENT',
  isEResident: false,
  livesAndWorksMostlyInEstonia: true,
  taxResidences: [{ countryCode: 'EE', tin: subject.person.personalId }],
  isBeneficialOwner: true,
  beneficiarySharePercent: 100,
  benefitType: 'SHARE_OWNERSHIP',
  isPep: false,
});

export const completeRelatedPersons = (subject: ApplicationSubject = JAAK_KRISTJAN) => ({
  shareholders: [{ personId: personIdOf(subject), sharePercent: 100 }],
  relatedPersons: [completeRepresentativePerson(subject)] as Record<string, unknown>[],
});

export const completeOverview = (): ApplicationOverview => ({
  additionalInformation: '',
  identificationLocation: { type: 'BRANCH', officeId: 'tallinn-1' },
  connectionToEstonia: ['BUSINESS_ACTIVITY_IN_ESTONIA'],
  isFinancialInstitution: false,
  taxStatusEntityType: 'ACTIVE_NFE_OTHER',
  isDataCorrectAndFundsLegal: true,
});

/** The steps in the order they are filled, as the API's PUT steps/:step takes them. */
export const completeSteps = (subject: ApplicationSubject = JAAK_KRISTJAN) =>
  [
    ['AccountOpeningReason', completeOpeningReasons()],
    ['CompanyData', completeCompanyData(subject)],
    ['Incomes', completeIncomes()],
    ['RelatedPersons', completeRelatedPersons(subject)],
    ['AdditionalData', completeOverview()],
  ] as const;
