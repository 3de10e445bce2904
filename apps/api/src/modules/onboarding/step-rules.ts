import {
  cleanRegistryCode,
  createRelatedPersonsSchema,
  relatedPersonsContextOf,
  STEP_SCHEMAS,
  type CompanyData,
  type FieldIssue,
  type FillableStep,
} from '@onboarding/domain';
import { AppError } from '../../errors.js';
import { BANK_OFFICES } from '../reference/index.js';
import { registerOf } from './application-view.js';
import { isStepReopened } from './flow/application-flow.js';
import type { ApplicationRow } from './rows.js';
import { personOf, type User } from './user.js';

/** What a step's data must satisfy beyond its schema: the same when it is saved and when the whole is reviewed. */

export const isFillableStep = (step: string): step is FillableStep => Object.hasOwn(STEP_SCHEMAS, step);

/** The steps that choose the identification location. */
export const OVERVIEW_STEPS: readonly string[] = ['AdditionalData', 'ApplicationOverview'];

/** What the related persons are checked against: the company as the application holds it, and the signed-in representative. */
export const contextOf = (application: ApplicationRow, user: User) =>
  relatedPersonsContextOf(
    application.stepData,
    {
      registryCode: application.companyRegistryCode,
      registryCountryCode: application.companyRegistryCountryCode,
      isListedCompany: registerOf(application)?.details.isListedCompany ?? null,
    },
    personOf(user),
  );

/** A step's schema; the related persons are checked against the company and the signed-in representative. */
export const schemaOf = (step: FillableStep, application: ApplicationRow, user: User) =>
  step === 'RelatedPersons' ? createRelatedPersonsSchema(contextOf(application, user)) : STEP_SCHEMAS[step];

/** A step that names another company than the application's: the company is fixed when the application is created. */
export function companyMismatchIssues(application: ApplicationRow, company: CompanyData): FieldIssue[] {
  const registryCode = company.registryCode ? cleanRegistryCode(company.registryCode) : null;
  const expected = {
    businessName: company.businessName.trim() === application.companyName.trim(),
    registryCode: registryCode === application.companyRegistryCode,
    registryCountryCode: company.registryCountryCode === application.companyRegistryCountryCode,
  };
  return Object.entries(expected)
    .filter(([, isSame]) => !isSame)
    .map(([path]) => ({ path, code: 'companyMismatch', params: {} }));
}

/** The identification location must be one of the bank's offices, of the type chosen (the picker lists them from reference data). */
export function identificationLocationIssues(overview: unknown): FieldIssue[] {
  const location = (overview as { identificationLocation?: { type?: unknown; officeId?: unknown } } | undefined)?.identificationLocation;
  if (!location) return [];
  const office = BANK_OFFICES.find((candidate) => candidate.id === location.officeId);
  return office && office.type === location.type ? [] : [{ path: 'identificationLocation.officeId', code: 'incorrectValue', params: {} }];
}

/**
 * While the bank waits for more information (a MORE_INFORMATION_NEEDED decision), the steps it did not name stay as
 * signed: saving or autosaving one of them is refused, so the new contract differs only where the bank asked.
 */
export function assertReopened(application: ApplicationRow, step: string): void {
  if (!isStepReopened(application.reopenedSteps, step)) {
    throw new AppError('STEP_NOT_REOPENED', `The bank asked for more information in ${application.reopenedSteps?.join(', ')} only.`);
  }
}
