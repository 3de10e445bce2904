import { FIXTURE_APPLICATIONS } from '../registry/fixture/bank.js';
import type { OnboardingRepository } from './onboarding-repository.js';

/**
 * Simulated mode only: the applications the register fixture implies (a
 * pending one, a submitted one, one by another representative), so the
 * choose-company screen shows every entry. Adds what is missing; runs at every start.
 */
export async function seedFixtureApplications(repository: OnboardingRepository): Promise<void> {
  for (const fixture of FIXTURE_APPLICATIONS) {
    const existing = await repository.applicationsForCompany(fixture.company.registryCountryCode, fixture.company.registryCode);
    if (existing.some((row) => row.representativePersonalId === fixture.representative.personalId)) continue;
    const isSubmitted = fixture.status === 'SUBMITTED';
    await repository.createApplication(
      {
        representativePersonalId: fixture.representative.personalId,
        representativeCountryCode: fixture.representative.personalIdCountryCode,
        companyName: fixture.company.businessName,
        companyRegistryCode: fixture.company.registryCode,
        companyRegistryCountryCode: fixture.company.registryCountryCode,
        companySource: 'REGISTER',
        status: fixture.status,
        currentStep: isSubmitted ? 'ApplicationSubmitted' : 'AccountOpeningReason',
        ...(isSubmitted ? { submittedAt: new Date() } : {}),
      },
      'system',
    );
  }
}
