import type { ApplicationView, BankOffice, Representative, Step } from '@onboarding/domain';

/** An application view as GET applications/:processId answers it. */
export function applicationView(overrides: Partial<ApplicationView> & { currentStep?: Step } = {}): ApplicationView {
  return {
    processId: 'p-1',
    applicationNumber: 100042,
    version: 3,
    currentStep: 'AccountOpeningReason',
    status: 'IN_PROGRESS',
    company: { businessName: 'Tamm ja Pojad OÜ', registryCode: '12345678', registryCountryCode: 'EE', legalForm: 'OU', isListedCompany: false },
    steps: {},
    drafts: {},
    updatedAt: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The signed-in representative who has given e-mail (confirmed), phone and consent: what the choose-company guard asks for. */
export const consentedRepresentative = (): Representative => ({
  personalId: '38001085718',
  personalIdCountryCode: 'EE',
  givenName: 'Jüri',
  surname: 'Tamm',
  email: 'juri@firma.ee',
  phone: '+372 5555 5555',
  language: 'en',
  hasConsentedToRegistryQueries: true,
  consentedAt: '2025-01-02T10:00:00.000Z',
  isEmailConfirmed: true,
  personOutcome: null,
});

const names = (et: string, en: string, ru: string) => ({ et, en, ru });

/** The bank's offices as GET /onboarding/reference/offices answers them: one branch, where the success and status pages send people. */
export const OFFICES: BankOffice[] = [
  {
    id: 'tartu-1',
    type: 'BRANCH',
    name: names('Tartu kontor', 'Tartu branch', 'Отделение в Тарту'),
    address: 'Riia 2',
    city: 'Tartu',
    postalCode: '51004',
    countyCode: 'EE-78',
    isCashFree: false,
    openingHours: names('E–R 9.00–18.00', 'Mon–Fri 9:00–18:00', 'Пн–Пт 9:00–18:00'),
  },
];
