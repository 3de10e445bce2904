import type { ApplicationOverview } from '../schemas/overview.js';

/**
 * Every step of one complete application, for tests: Jõeorg Konsultatsioonid
 * OÜ of the register fixture, represented by Jaak-Kristjan Jõeorg, who sits
 * on its board and owns and benefits from all of it. Each call gives fresh
 * objects, so a test may change them.
 */

export const COMPLETE_APPLICATION_COMPANY = { businessName: 'Jõeorg Konsultatsioonid OÜ', registryCode: '19013347', registryCountryCode: 'EE' } as const;
export const COMPLETE_APPLICATION_REPRESENTATIVE = { personalId: '38001085718', personalIdCountryCode: 'EE' } as const;

const address = () => ({ countryCode: 'EE', county: 'Harju maakond', city: 'Tallinn', street: 'Akadeemia tee 21', postalCode: '12618' });

export const completeOpeningReasons = () => ({ openingReasons: ['DOMESTICSETTLEMENTS'] });

export const completeCompanyData = () => ({
  ...COMPLETE_APPLICATION_COMPANY,
  representationBasis: 'MANAGEMENT_BOARD_MEMBER',
  businessEmail: 'info@joeorg.ee',
  businessPhone: '+372 5123 4567',
  contactLanguage: 'ET',
  emtakVersion: 'EMTAK 2008',
  mainFieldOfActivityCode: '70221',
  additionalFieldOfActivityCodes: [],
  fieldOfActivityDescription: 'Juhtimisnõustamine',
  numberOfEmployees: 2,
  targetMarketCountryCodes: ['EE'],
  legalAddress: address(),
  isContactAddressSameAsRegistrationAddress: true,
  hasLicense: false,
  partners: [],
  isListedCompany: false,
  hasAccountInOtherCreditInstitution: false,
  hasAccountClosedInLastSixMonths: false,
});

export const completeIncomes = () => ({
  estimatedMonthlyIncome: { customAmount: 15000 },
  estimatedMonthlyPayments: { band: 50000 },
  monthlyCashDeposit: 0,
  monthlyCashWithdrawal: 5000,
  incomeSources: ['BUSINESS_ACTIVITY'],
});

export const REPRESENTATIVE_PERSON_ID = 'person:EE:38001085718';

export const completeRepresentativePerson = () => ({
  id: REPRESENTATIVE_PERSON_ID,
  type: 'PRIVATE_PERSON' as const,
  roles: ['REPRESENTATIVE', 'MANAGEMENT_BOARD_MEMBER', 'BENEFICIARY', 'SHAREHOLDER'],
  firstName: 'Jaak-Kristjan',
  lastName: 'Jõeorg',
  personalId: COMPLETE_APPLICATION_REPRESENTATIVE.personalId,
  personalIdCountryCode: 'EE',
  birthDate: '1980-01-08',
  birthCountryCode: 'EE',
  nationalityCountryCode: 'EE',
  residentialAddress: address(),
  residentialCountryCode: 'EE',
  residency: 'RESIDENT',
  isEResident: false,
  livesAndWorksMostlyInEstonia: true,
  taxResidences: [{ countryCode: 'EE', tin: COMPLETE_APPLICATION_REPRESENTATIVE.personalId }],
  isBeneficialOwner: true,
  beneficiarySharePercent: 100,
  benefitType: 'SHARE_OWNERSHIP',
  isPep: false,
});

export const completeRelatedPersons = () => ({
  shareholders: [{ personId: REPRESENTATIVE_PERSON_ID, sharePercent: 100 }],
  relatedPersons: [completeRepresentativePerson()] as Record<string, unknown>[],
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
export const completeSteps = () =>
  [
    ['AccountOpeningReason', completeOpeningReasons()],
    ['CompanyData', completeCompanyData()],
    ['Incomes', completeIncomes()],
    ['RelatedPersons', completeRelatedPersons()],
    ['AdditionalData', completeOverview()],
  ] as const;
