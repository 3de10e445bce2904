import type { ApplicationView, RegisterCompanyLookup, RegisterPersonLookup, RelatedPersonsFromRegister } from '@onboarding/domain';
import { applicationView } from '../../../test/application-fixture';
import { jsonResponse } from '../../../test/fake-token';
import { stubFetch, type StubHandler } from '../../../test/fetch-stub';
import type { PrivatePersonValues, RelatedPersonsValues } from './form-values';

/** The signed-in person of fakeAccessToken(): Jüri Tamm, 38001085718. */
export const REPRESENTATIVE_ID = 'person:EE:38001085718';
export const MARI_ID = 'person:EE:48507074564';

export const SAVE = 'PUT /onboarding/applications/p-1/steps/RelatedPersons';
export const DRAFT = 'PUT /onboarding/applications/p-1/drafts/RelatedPersons';
export const REGISTER_PREFILL = 'GET /onboarding/applications/p-1/related-persons/register';

const name = (et: string, en: string, ru: string) => ({ et, en, ru });

/** Every detail of privatePersonSchema, answered validly. */
export function completePerson(
  overrides: Partial<PrivatePersonValues> & Pick<PrivatePersonValues, 'id' | 'firstName' | 'lastName' | 'personalId' | 'birthDate'>,
): PrivatePersonValues {
  return {
    type: 'PRIVATE_PERSON',
    roles: [],
    personalIdCountryCode: 'EE',
    birthCountryCode: 'EE',
    nationalityCountryCode: 'EE',
    residentialAddress: { countryCode: 'EE', city: 'Tallinn', street: 'Pikk 1', postalCode: '10123' },
    residentialCountryCode: 'EE',
    residency: 'RESIDENT',
    isEResident: false,
    livesAndWorksMostlyInEstonia: true,
    taxResidences: [{ countryCode: 'EE', tin: overrides.personalId ?? '' }],
    isBeneficialOwner: false,
    isPep: false,
    ...overrides,
  };
}

/**
 * A step that meets every rule: the representative Jüri Tamm (board member,
 * 60%) and Mari Maasikas (40%), both beneficial owners by their shares.
 */
export function completeStep(): RelatedPersonsValues {
  return {
    shareholders: [
      { personId: REPRESENTATIVE_ID, sharePercent: 60 },
      { personId: MARI_ID, sharePercent: 40 },
    ],
    relatedPersons: [
      completePerson({
        id: REPRESENTATIVE_ID,
        roles: ['REPRESENTATIVE', 'MANAGEMENT_BOARD_MEMBER', 'BENEFICIARY', 'SHAREHOLDER'],
        firstName: 'Jüri',
        lastName: 'Tamm',
        personalId: '38001085718',
        birthDate: '1980-01-08',
        isBeneficialOwner: true,
        benefitType: 'SHARE_OWNERSHIP',
        beneficiarySharePercent: 60,
      }),
      completePerson({
        id: MARI_ID,
        roles: ['BENEFICIARY', 'SHAREHOLDER'],
        firstName: 'Mari',
        lastName: 'Maasikas',
        personalId: '48507074564',
        birthDate: '1985-07-07',
        isBeneficialOwner: true,
        benefitType: 'SHARE_OWNERSHIP',
        beneficiarySharePercent: 40,
      }),
    ],
  };
}

/** What the business register knows of Tamm ja Pojad OÜ: Mari Maasikas and a holding company, neither with an address or tax residence. */
export const registerPrefill: RelatedPersonsFromRegister = {
  shareholders: [
    { personId: MARI_ID, sharePercent: 60 },
    { personId: 'entity:EE:87654322', sharePercent: 40 },
  ],
  relatedPersons: [
    {
      id: MARI_ID,
      type: 'PRIVATE_PERSON',
      roles: ['MANAGEMENT_BOARD_MEMBER', 'BENEFICIARY', 'SHAREHOLDER'],
      isFromRegister: true,
      firstName: 'Mari',
      lastName: 'Maasikas',
      personalId: '48507074564',
      personalIdCountryCode: 'EE',
      birthDate: '1985-07-07',
      nationalityCountryCode: 'EE',
      residentialCountryCode: 'EE',
      residency: 'RESIDENT',
      isBeneficialOwner: true,
      benefitType: 'SHARE_OWNERSHIP',
      beneficiarySharePercent: 100,
    },
    {
      id: 'entity:EE:87654322',
      type: 'LEGAL_ENTITY',
      roles: ['SHAREHOLDER'],
      isFromRegister: true,
      businessName: 'Holding OÜ',
      registryCode: '87654322',
      registryCountryCode: 'EE',
      shareholders: [],
    },
  ],
};

export const populationRegisterPerson: RegisterPersonLookup = {
  firstName: 'Kalle',
  lastName: 'Kask',
  birthDate: '1990-05-05',
  nationalityCountryCode: 'EE',
  residentialCountryCode: 'EE',
  residency: 'RESIDENT',
};

export const holdingCompanyCard: RegisterCompanyLookup = {
  businessName: 'Holding OÜ',
  registryCode: '87654322',
  registryCountryCode: 'EE',
  legalAddress: { countryCode: 'EE', city: 'Tallinn', street: 'Pikk 2', postalCode: '10123' },
  emtakVersion: '2008',
  mainFieldOfActivityCode: '64201',
  isListedCompany: false,
};

const notFound = () => jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);

/**
 * The application at the related persons step and everything the screen
 * asks: the register pre-fill, countries, the registers' lookups, drafts
 * and the step save (answering the overview step unless a test says otherwise).
 */
export function serveRelatedPersons(overrides: Partial<ApplicationView> = {}, handlers: Record<string, StubHandler> = {}) {
  const view = applicationView({ currentStep: 'RelatedPersons', ...overrides });
  return stubFetch({
    'GET /onboarding/applications/p-1': () => jsonResponse(view),
    [REGISTER_PREFILL]: () => jsonResponse(registerPrefill),
    'GET /onboarding/reference/countries': () =>
      jsonResponse({
        countries: [
          { code: 'EE', name: name('Eesti', 'Estonia', 'Эстония') },
          { code: 'FI', name: name('Soome', 'Finland', 'Финляндия') },
          { code: 'LV', name: name('Läti', 'Latvia', 'Латвия') },
        ],
      }),
    // Without the places list the address is typed, as in any other country.
    'GET /onboarding/reference/places': notFound,
    'GET /onboarding/register/persons/39005051230': () => jsonResponse(populationRegisterPerson),
    'GET /onboarding/register/persons/37503037777': notFound,
    'GET /onboarding/register/companies/EE/87654322': () => jsonResponse(holdingCompanyCard),
    [DRAFT]: ({ body }) => jsonResponse({ version: (body as { version: number }).version + 1, updatedAt: 'now' }),
    [SAVE]: ({ body }) =>
      jsonResponse({
        ...view,
        version: view.version + 1,
        currentStep: 'ApplicationOverview',
        steps: { ...view.steps, RelatedPersons: (body as { data: unknown }).data },
        drafts: {},
      }),
    ...handlers,
  });
}
