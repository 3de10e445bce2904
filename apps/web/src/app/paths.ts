/**
 * Every route of SPEC.md section 2, relative to the base path /start/.
 * Screens and links use these; nothing else spells a path.
 */
export const paths = {
  root: '/',
  authentication: '/authentication',
  authenticationVerificationCode: '/authentication-verification-code',
  authenticationError: '/authentication-error',
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
} as const;

export type Path = (typeof paths)[keyof typeof paths];
