import type { ApplicationView } from '@onboarding/domain';
import { describe, expect, it } from 'vitest';
import { errorPaths, paths } from '../../lib/paths';
import { redirectFor } from './application-steps';

describe('redirectFor', () => {
  it.each(['SUBMITTED', 'APPROVED', 'DECLINED'] as const)('sends a %s application to the success page, whatever form was asked for', (status) => {
    expect(redirectFor({ status, currentStep: 'ApplicationSubmitted', reopenedSteps: null }, paths.companyInformation)).toBe(paths.success);
  });

  it('lets an application the bank reopened be filled in its named steps only, from the step it leads to', () => {
    const reopened: Pick<ApplicationView, 'status' | 'currentStep' | 'reopenedSteps'> = {
      status: 'IN_PROGRESS',
      currentStep: 'RelatedPersons',
      reopenedSteps: ['CompanyData', 'RelatedPersons'],
    };
    expect(redirectFor(reopened, paths.companyInformation)).toBeNull();
    expect(redirectFor(reopened, paths.relatedPersons)).toBeNull();
    expect(redirectFor(reopened, paths.incomes)).toBe(paths.relatedPersons);
    expect(redirectFor(reopened, paths.openingReasons)).toBe(paths.relatedPersons);
    expect(redirectFor(reopened, paths.overview)).toBe(paths.relatedPersons);
    expect(redirectFor({ ...reopened, currentStep: 'ApplicationOverview' }, paths.overview)).toBeNull();
  });

  it('still sends a superseded application to its outcome', () => {
    expect(redirectFor({ status: 'SUPERSEDED', currentStep: 'CompanyData', reopenedSteps: null }, paths.companyInformation)).toBe(
      errorPaths.applicationSuperseded,
    );
  });
});
