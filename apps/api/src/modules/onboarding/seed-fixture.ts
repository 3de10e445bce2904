import { FIXTURE_APPLICATIONS } from '../registry/index.js';
import type { Register } from './ports.js';
import { applicationCreated } from './flow/transitions.js';
import type { WritePath } from './flow/write-path.js';
import type { OnboardingRepository } from './onboarding-repository.js';

/**
 * Simulated mode only: the applications the register fixture implies (a
 * pending one, a submitted one, one by another representative), so the
 * choose-company screen shows every entry. Adds what is missing; runs at every start.
 */
export async function seedFixtureApplications(
  repository: Pick<OnboardingRepository, 'applicationsForCompany'>,
  writes: Pick<WritePath, 'write'>,
  register: Pick<Register, 'company'>,
): Promise<void> {
  for (const fixture of FIXTURE_APPLICATIONS) {
    const existing = await repository.applicationsForCompany(fixture.company.registryCountryCode, fixture.company.registryCode);
    if (existing.some((row) => row.representativePersonalId === fixture.representative.personalId)) continue;
    const isSubmitted = fixture.status === 'SUBMITTED';
    const card = await register.company(fixture.company.registryCountryCode, fixture.company.registryCode);
    await writes.write(
      applicationCreated(
        {
          representativePersonalId: fixture.representative.personalId,
          representativeCountryCode: fixture.representative.personalIdCountryCode,
          companyName: fixture.company.businessName,
          companyRegistryCode: fixture.company.registryCode,
          companyRegistryCountryCode: fixture.company.registryCountryCode,
          companySource: 'REGISTER',
          companyLegalForm: card?.legalForm ?? null,
          registerFacts: card ?? null,
          registerQueriedAt: card ? new Date() : null,
          status: fixture.status,
          currentStep: isSubmitted ? 'ApplicationSubmitted' : 'AccountOpeningReason',
          ...(isSubmitted ? { submittedAt: new Date() } : {}),
        },
        'system',
      ),
    );
  }
}
