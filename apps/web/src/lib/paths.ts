import { SCREENS, type BlockingOutcome } from '@onboarding/domain';

/**
 * Every route of docs/requirements.md section 2, relative to the base path
 * /start/. Screens and links use these; nothing else spells a path.
 */
export const paths = {
  root: '/',
  authentication: '/authentication',
  authenticationVerificationCode: '/authentication-verification-code',
  authenticationError: '/authentication-error',
  /** Where the Smart-ID app returns after a Web2App sign-in (the API names it in the link as DEVICE_LINK_RETURN_PATH). */
  smartIdReturn: '/authentication/smart-id-return',
  /** Where the Smart-ID app returns after the account to sign with was chosen on this phone (SIGNING_RETURN_PATH in the API). */
  smartIdSigningReturn: '/signing/smart-id-return',
  visitBank: '/visit-bank',
  error: '/error',
  personalInformation: '/personal-information',
  chooseCompany: '/choose-company',
  application: '/application',
  openingReasons: '/application/opening-reasons',
  companyInformation: '/application/company-information',
  incomes: '/application/incomes',
  relatedPersons: '/application/related-persons',
  overview: '/application/overview',
  success: '/success',
  /** A board member's invitation to sign the contract too (decision 39); the mailed link is /start/invitation/<token>. */
  invitation: '/invitation/:token',
} as const;

/** The invitation page of one link's token. */
export const invitationPath = (token: string): string => `/invitation/${encodeURIComponent(token)}`;

export type Path = (typeof paths)[keyof typeof paths];

/**
 * Error and outcome screens docs/requirements.md section 2 names but gives no
 * route: they are children of /error, each with its own address and page title,
 * so the browser's back button, the page title and a shared link all say which
 * one. MUST_VISIT_BRANCH has a route of its own, /visit-bank.
 */
export const errorPaths = {
  technical: '/error/technical',
  network: '/error/network',
  minor: '/error/minor',
  cannotOpen: '/error/cannot-open',
  documentInvalid: '/error/document-invalid',
  applicationSuperseded: '/error/application-superseded',
  startedWithOtherRepresentative: '/error/started-with-other-representative',
  alreadySubmitted: '/error/already-submitted',
} as const;

/** The screen of each blocking outcome (docs/requirements.md sections 4 and 8). */
export const outcomePaths: Readonly<Record<BlockingOutcome, string>> = {
  MINOR: errorPaths.minor,
  CANNOT_OPEN: errorPaths.cannotOpen,
  MUST_VISIT_BRANCH: paths.visitBank,
  DOCUMENT_INVALID: errorPaths.documentInvalid,
  APPLICATION_SUPERSEDED: errorPaths.applicationSuperseded,
  STARTED_WITH_OTHER_REPRESENTATIVE: errorPaths.startedWithOtherRepresentative,
  ALREADY_SUBMITTED: errorPaths.alreadySubmitted,
};

const screenPaths: Readonly<Record<string, string>> = {
  [SCREENS.openingReasons]: paths.openingReasons,
  [SCREENS.companyInformation]: paths.companyInformation,
  [SCREENS.incomes]: paths.incomes,
  [SCREENS.relatedPersons]: paths.relatedPersons,
  [SCREENS.overview]: paths.overview,
  [SCREENS.success]: paths.success,
  [SCREENS.visitBank]: paths.visitBank,
  [SCREENS.error]: paths.error,
};

/** The path of a screen that stepToScreen names; anything else is the error screen (docs/requirements.md section 2). */
export const screenPath = (screen: string): string => screenPaths[screen] ?? paths.error;
