import type { BankCustomers } from '../customers/index.js';
import { FIXTURE_ACCOUNTS, FIXTURE_APPLICATIONS } from '../registry/index.js';
import type { Register } from './ports.js';
import { applicationCreated } from './flow/transitions.js';
import type { WritePath } from './flow/write-path.js';
import type { OnboardingRepository } from './onboarding-repository.js';

/**
 * Simulated mode only: the bank's customers and the applications the register fixture implies (a pending one, a
 * submitted one, one by another representative), so the choose-company screen shows every entry. Adds what is
 * missing; runs at every start. Live mode has no fixture: the bank's systems keep the customers.
 */
export async function seedFixture(
  repository: Pick<OnboardingRepository, 'applicationsForCompany'>,
  writes: Pick<WritePath, 'write'>,
  register: Pick<Register, 'company'>,
  customers: Pick<BankCustomers, 'add'>,
): Promise<void> {
  for (const account of FIXTURE_ACCOUNTS) await customers.add(account, 'BANK');
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
