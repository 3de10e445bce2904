import type { ApplicationView } from '@onboarding/domain';
import { describe, expect, it } from 'vitest';
import { errorPaths, paths } from '../../lib/paths';
import { redirectFor, stepStatesOf } from './application-steps';

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

describe('stepStatesOf', () => {
  it('says of each step what the server-given step makes of it', () => {
    expect(stepStatesOf({ currentStep: 'Incomes', reopenedSteps: null })).toEqual(['completed', 'completed', 'furthest', 'upcoming', 'upcoming']);
    expect(stepStatesOf({ currentStep: 'ApplicationOverview', reopenedSteps: null })).toEqual(['completed', 'completed', 'completed', 'completed', 'furthest']);
  });

  it('while the bank’s request is answered: the steps it left as signed are kept, the ones it reopened wait, none is unstarted', () => {
    const reopenedSteps = ['Incomes', 'RelatedPersons'];
    expect(stepStatesOf({ currentStep: 'Incomes', reopenedSteps })).toEqual(['kept', 'kept', 'furthest', 'reopened', 'upcoming']);
    expect(stepStatesOf({ currentStep: 'RelatedPersons', reopenedSteps })).toEqual(['kept', 'kept', 'completed', 'furthest', 'upcoming']);
    expect(stepStatesOf({ currentStep: 'ApplicationOverview', reopenedSteps })).toEqual(['kept', 'kept', 'completed', 'completed', 'furthest']);
    expect(stepStatesOf({ currentStep: 'ApplicationOverview', reopenedSteps: ['ApplicationOverview'] })).toEqual(['kept', 'kept', 'kept', 'kept', 'furthest']);
  });
});
