export * from './constants.js';
export * from './steps.js';
export * from './api-errors.js';
export * from './errors.js';
export * from './rich-text.js';
export * from './i18n/keys.js';

export * from './crypto/verification-code.js';
export { codeChallengeS256 } from './crypto/pkce.js';

export * from './validation/codes.js';
export * from './validation/personal-id.js';
export * from './validation/birth-date.js';
export { isRealDate, todayInEstonia } from './validation/calendar.js';
export * from './validation/phone.js';
export * from './validation/email.js';
export * from './validation/registry-code.js';
export * from './validation/length.js';
export * from './validation/alphanumeric.js';
export * from './validation/duplicate.js';
export * from './validation/country-code.js';
export * from './validation/amount.js';
export * from './validation/related-persons.js';
export * from './validation/zod-issues.js';

export * from './schemas/auth.js';
export * from './schemas/address.js';
export * from './schemas/opening-reasons.js';
export * from './schemas/company-data.js';
export * from './schemas/incomes.js';
export * from './schemas/related-persons.js';
export * from './schemas/related-persons-step.js';
export * from './schemas/overview.js';
export * from './schemas/application.js';
export * from './page-settings.js';
export * from './contracts/endpoint.js';
export * from './contracts/auth.js';
export * from './schemas/onboarding.js';
export * from './contracts/onboarding.js';
