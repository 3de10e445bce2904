/** Server-given application steps (docs/requirements.md section 4). */
export const STEPS = [
  'AccountOpeningReason',
  'CompanyData',
  'Incomes',
  'RelatedPersons',
  'AdditionalData',
  'ApplicationOverview',
  'ApplicationSubmitted',
  'VisitBank',
] as const;
export type Step = (typeof STEPS)[number];

/**
 * The order of the filling steps (docs/requirements.md section 4); AdditionalData
 * and ApplicationOverview share a place, signing comes between it and
 * ApplicationSubmitted, and VisitBank is an alternative outcome outside the order.
 */
export const STEP_ORDER: readonly (readonly Step[])[] = [
  ['AccountOpeningReason'],
  ['CompanyData'],
  ['Incomes'],
  ['RelatedPersons'],
  ['AdditionalData', 'ApplicationOverview'],
  ['ApplicationSubmitted'],
];

/** Screens (route segments under /start/) of docs/requirements.md section 2. */
export const SCREENS = {
  authentication: 'authentication',
  authenticationVerificationCode: 'authentication-verification-code',
  authenticationError: 'authentication-error',
  visitBank: 'visit-bank',
  error: 'error',
  personalInformation: 'personal-information',
  chooseCompany: 'choose-company',
  application: 'application',
  openingReasons: 'opening-reasons',
  companyInformation: 'company-information',
  incomes: 'incomes',
  relatedPersons: 'related-persons',
  overview: 'overview',
  success: 'success',
} as const;
export type Screen = (typeof SCREENS)[keyof typeof SCREENS];

/** The application screens in the order the user fills them (docs/requirements.md section 2). */
export const APPLICATION_SCREENS = [SCREENS.openingReasons, SCREENS.companyInformation, SCREENS.incomes, SCREENS.relatedPersons, SCREENS.overview] as const;

const STEP_SCREENS: Readonly<Record<Step, Screen>> = {
  AccountOpeningReason: SCREENS.openingReasons,
  CompanyData: SCREENS.companyInformation,
  Incomes: SCREENS.incomes,
  RelatedPersons: SCREENS.relatedPersons,
  AdditionalData: SCREENS.overview,
  ApplicationOverview: SCREENS.overview,
  ApplicationSubmitted: SCREENS.success,
  VisitBank: SCREENS.visitBank,
};

export const isStep = (value: unknown): value is Step => typeof value === 'string' && (STEPS as readonly string[]).includes(value);

/** docs/requirements.md section 2: the server-given step decides the screen; unknown or missing goes to the error screen. */
export const stepToScreen = (step: string | undefined): string => (isStep(step) ? STEP_SCREENS[step] : SCREENS.error);

/** Position of a step in STEP_ORDER, or -1 for VisitBank and unknown values. */
export const stepIndex = (step: string | undefined): number => STEP_ORDER.findIndex((steps) => (steps as readonly (string | undefined)[]).includes(step));
