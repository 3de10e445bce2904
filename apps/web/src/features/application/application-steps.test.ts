import { describe, expect, it } from 'vitest';
import { errorPaths, paths } from '../../lib/paths';
import { redirectFor } from './application-steps';

describe('redirectFor', () => {
  it.each(['SUBMITTED', 'APPROVED', 'DECLINED'] as const)('sends a %s application to the success page, whatever form was asked for', (status) => {
    expect(redirectFor({ status, currentStep: 'ApplicationSubmitted' }, paths.companyInformation)).toBe(paths.success);
  });

  it('lets an application the bank reopened be filled from the step it leads to, and not past it', () => {
    expect(redirectFor({ status: 'IN_PROGRESS', currentStep: 'CompanyData' }, paths.companyInformation)).toBeNull();
    expect(redirectFor({ status: 'IN_PROGRESS', currentStep: 'CompanyData' }, paths.overview)).toBe(paths.companyInformation);
  });

  it('still sends a superseded application to its outcome', () => {
    expect(redirectFor({ status: 'SUPERSEDED', currentStep: 'CompanyData' }, paths.companyInformation)).toBe(errorPaths.applicationSuperseded);
  });
});
