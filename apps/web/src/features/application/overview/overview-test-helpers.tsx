import type { ApplicationOverview, BankOffice, Step } from '@onboarding/domain';
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { jsonResponse } from '../../../test/fake-token';
import { renderStep, serveApplication } from '../test/step-test-helpers';
import type { Review } from './api/review';
import { OverviewPage } from './overview-page';

export const OVERVIEW_PATH = '/application/overview';
export const REVIEW_GET = 'GET /onboarding/applications/p-1/review';
export const stepPut = (step: Step) => `PUT /onboarding/applications/p-1/steps/${step}`;
export const draftPut = (step: Step) => `PUT /onboarding/applications/p-1/drafts/${step}`;

type User = ReturnType<typeof userEvent.setup>;

const name = (et: string, en: string, ru: string) => ({ et, en, ru });
const hours = name('E–R 9.00–18.00', 'Mon–Fri 9:00–18:00', 'Пн–Пт 9:00–18:00');

/** Two branches and two banking points; one of each is cash-free. */
export const BANK_OFFICES: BankOffice[] = [
  {
    id: 'tallinn-1',
    type: 'BRANCH',
    name: name('Tallinna kesklinna kontor', 'Tallinn City Centre branch', 'Отделение в центре Таллинна'),
    address: 'Narva mnt 7',
    city: 'Tallinn',
    postalCode: '10117',
    countyCode: 'EE-37',
    isCashFree: false,
    openingHours: hours,
  },
  {
    id: 'tartu-1',
    type: 'BRANCH',
    name: name('Tartu kontor', 'Tartu branch', 'Отделение в Тарту'),
    address: 'Riia 2',
    city: 'Tartu',
    postalCode: '51004',
    countyCode: 'EE-78',
    isCashFree: true,
    openingHours: hours,
  },
  {
    id: 'tallinn-3',
    type: 'BANKING_POINT',
    name: name('Lasnamäe pangapunkt', 'Lasnamäe banking point', 'Пункт обслуживания Ласнамяэ'),
    address: 'Mustakivi tee 13',
    city: 'Tallinn',
    postalCode: '13912',
    countyCode: 'EE-37',
    isCashFree: false,
    openingHours: hours,
  },
  {
    id: 'parnu-2',
    type: 'BANKING_POINT',
    name: name('Pärnu pangapunkt', 'Pärnu banking point', 'Пункт обслуживания Пярну'),
    address: 'Papiniidu 8',
    city: 'Pärnu',
    postalCode: '80042',
    countyCode: 'EE-68',
    isCashFree: true,
    openingHours: hours,
  },
];

const address = { countryCode: 'EE', county: 'Harju maakond', district: 'Tallinn', city: 'Kesklinna linnaosa', street: 'Pikk 1', postalCode: '10123' };

/** The four earlier steps as the server stores them once saved (each passes its schema). */
export const SAVED_STEPS = {
  AccountOpeningReason: { openingReasons: ['CREDIT_PRODUCT', 'OTHER'], otherReason: 'Liising' },
  CompanyData: {
    businessName: 'Tamm ja Pojad OÜ',
    registryCode: '12345678',
    registryCountryCode: 'EE',
    representationBasis: 'MANAGEMENT_BOARD_MEMBER',
    businessEmail: 'info@tamm.ee',
    businessPhone: '+372 5123 4567',
    contactLanguage: 'ET',
    emtakVersion: 'EMTAK 2008',
    mainFieldOfActivityCode: '62011',
    additionalFieldOfActivityCodes: [],
    fieldOfActivityDescription: 'Tarkvaraarendus',
    numberOfEmployees: 12,
    targetMarketCountryCodes: ['EE', 'FI'],
    legalAddress: address,
    isContactAddressSameAsRegistrationAddress: true,
    hasLicense: false,
    partners: [{ businessName: 'Soome Partner Oy', countryCode: 'FI', cooperationType: 'BUYER' }],
    isListedCompany: false,
    hasAccountInOtherCreditInstitution: true,
    hasAccountClosedInLastSixMonths: false,
  },
  Incomes: {
    estimatedMonthlyIncome: { customAmount: 1200000 },
    estimatedMonthlyPayments: { band: 15000 },
    monthlyCashDeposit: 0,
    monthlyCashWithdrawal: 15001,
    incomeSources: ['BUSINESS_ACTIVITY', 'PARTNER'],
  },
  RelatedPersons: {
    shareholders: [{ personId: 'person-1', sharePercent: 100 }],
    relatedPersons: [
      {
        id: 'person-1',
        type: 'PRIVATE_PERSON',
        roles: ['REPRESENTATIVE', 'MANAGEMENT_BOARD_MEMBER', 'SHAREHOLDER'],
        firstName: 'Jüri',
        lastName: 'Tamm',
        personalId: '38001085718',
        personalIdCountryCode: 'EE',
        birthDate: '1980-01-08',
        birthCountryCode: 'EE',
        nationalityCountryCode: 'EE',
        residentialAddress: address,
        residentialCountryCode: 'EE',
        residency: 'RESIDENT',
        isEResident: false,
        livesAndWorksMostlyInEstonia: true,
        taxResidences: [{ countryCode: 'EE', tin: '38001085718' }],
        isBeneficialOwner: true,
        beneficiarySharePercent: 100,
        benefitType: 'SHARE_OWNERSHIP',
        isPep: false,
      },
    ],
  },
};

/** An overview that passes applicationOverviewSchema. */
export const VALID_OVERVIEW: ApplicationOverview = {
  additionalInformation: 'Ekspordime Soome',
  identificationLocation: { type: 'BRANCH', officeId: 'tallinn-1', isSignedInOffice: false },
  connectionToEstonia: ['BUSINESS_ACTIVITY_IN_ESTONIA'],
  isFinancialInstitution: false,
  taxStatusEntityType: 'ACTIVE_NFE_OTHER',
  isDataCorrectAndFundsLegal: true,
};

const SCREENS_IN_ORDER = ['opening-reasons', 'company-information', 'incomes', 'related-persons', 'overview'] as const;
const STEPS_IN_ORDER = ['AccountOpeningReason', 'CompanyData', 'Incomes', 'RelatedPersons', 'ApplicationOverview'] as const;

/** A review with the given steps incomplete (their issues as given) and the notices as given. */
export function reviewOf(
  incomplete: Partial<Record<(typeof STEPS_IN_ORDER)[number], Review['steps'][number]['issues']>> = {},
  notices: Partial<Review['notices']> = {},
): Review {
  const steps = STEPS_IN_ORDER.map((step, index) => {
    const issues = incomplete[step] ?? [];
    return { step, screen: SCREENS_IN_ORDER[index] ?? 'overview', isComplete: issues.length === 0, issues };
  });
  return {
    isComplete: steps.every((step) => step.isComplete),
    steps,
    notices: { hasNonResidentOwner: false, hasSpecificFieldOfActivity: false, ...notices },
  };
}

type ServeOptions = { step?: Step; steps?: Record<string, unknown>; drafts?: Record<string, unknown>; review?: Review };

/**
 * Serves the application at the overview with the earlier steps saved, the
 * reference data, and GET review; `setReview` changes what the next review answers.
 */
export function serveOverview({ step = 'AdditionalData', steps = SAVED_STEPS, drafts = {}, review = reviewOf() }: ServeOptions = {}) {
  const stub = serveApplication(step, 'ApplicationOverview', { steps, drafts });
  let currentReview = review;
  stub.on(REVIEW_GET, () => jsonResponse(currentReview));
  stub.on('GET /onboarding/reference/bank-offices', () => jsonResponse({ bankOffices: BANK_OFFICES }));
  stub.on('GET /onboarding/reference/countries', () =>
    jsonResponse({
      countries: [
        { code: 'EE', name: name('Eesti', 'Estonia', 'Эстония') },
        { code: 'FI', name: name('Soome', 'Finland', 'Финляндия') },
      ],
    }),
  );
  stub.on('GET /onboarding/reference/economic-activities', () =>
    jsonResponse({
      version: 'EMTAK 2008',
      sections: [
        {
          code: 'J',
          name: name('Info ja side', 'Information and communication', 'Информация и связь'),
          divisions: [
            {
              code: '62',
              name: name('Programmeerimine', 'Computer programming', 'Программирование'),
              activities: [{ code: '62011', name: name('Programmeerimine', 'Computer programming', 'Программирование') }],
            },
          ],
        },
      ],
    }),
  );
  return { ...stub, setReview: (next: Review) => (currentReview = next) };
}

export const renderOverview = () => renderStep(OVERVIEW_PATH, OverviewPage);

/** Waits for the form, i.e. the application has loaded and the page is on screen. */
export const findForm = () => screen.findByRole('heading', { level: 2, name: 'A few more questions' });

export const group = (name: string) => screen.getByRole('group', { name });

/** Opens the picker with the mouse and chooses an office of the open tab. */
export async function chooseOffice(user: User, officeName: string) {
  await user.click(screen.getByRole('button', { name: /^(Choose an office|Change)/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Choose an identification location' });
  await user.click(await within(dialog).findByRole('button', { name: `Choose ${officeName}` }));
}
