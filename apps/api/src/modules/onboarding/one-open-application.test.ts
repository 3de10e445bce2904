import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../db/schema.js';
import { createTestDatabase } from '../../test/database.js';
import { createBankCustomers } from '../customers/index.js';
import { REGISTRY_CODES } from '../registry/fixture/companies.js';
import { createSimulatedRegister } from '../registry/simulated-register.js';
import { applicationCreated } from './flow/transitions.js';
import { createWritePath, type TransitionEvents, type TransitionMail, type WritePath } from './flow/write-path.js';
import { createOnboardingRepository, type OnboardingRepository } from './onboarding-repository.js';
import { createRegisterEvidence } from './register-evidence.js';
import { createOnboardingService, type OnboardingServiceOptions } from './onboarding-service.js';

// Mari Ann (SK's Mobile-ID demo person) represents Mereranna Disain OÜ in the register fixture.
const MARY_ANN = { personalId: '60001019906', personalIdCountryCode: 'EE', givenName: 'MARY ÄNN', surname: "O'CONNEŽ-ŠUSLIK TESTNUMBER" };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let repository: OnboardingRepository;
let writes: WritePath;

beforeAll(async () => {
  database = await createTestDatabase();
  repository = createOnboardingRepository(database.db);
  // Creating an application sends no mail and no event.
  writes = createWritePath({ db: database.db, mail: {} as TransitionMail, events: {} as TransitionEvents });
  // She has consented to the registry queries that choosing a company makes.
  await repository.saveRepresentative(
    { personalId: MARY_ANN.personalId, personalIdCountryCode: 'EE' },
    { email: 'mary@example.ee', phone: '+372 5123 4567', language: 'et', consentedAt: new Date() },
  );
});

afterAll(async () => {
  await database.drop();
});

const choice = { source: 'REGISTER', registryCode: REGISTRY_CODES.maryAnnNew, registryCountryCode: 'EE' } as const;

/** The service over the real repository, with the moment between its look at the company's applications and its insert opened up. */
function serviceWithRace(betweenLookAndInsert: () => Promise<void>) {
  let isFirstLook = true;
  const racing: OnboardingRepository = {
    ...repository,
    async applicationsForCompany(registryCountryCode, registryCode) {
      const rows = await repository.applicationsForCompany(registryCountryCode, registryCode);
      if (isFirstLook) {
        isFirstLook = false;
        await betweenLookAndInsert();
      }
      return rows;
    },
  };
  const options: OnboardingServiceOptions = {
    repository: racing,
    register: createSimulatedRegister(),
    bankRecords: createBankCustomers(database.db),
    writes,
    evidence: createRegisterEvidence(database.db),
  };
  return createOnboardingService(options);
}

describe('one open application per company', () => {
  it('holds when another representative creates one between the look at the company and the insert: decided again, not a 500', async () => {
    const service = serviceWithRace(async () => {
      await writes.write(
        applicationCreated(
          {
            representativePersonalId: '38001085718',
            representativeCountryCode: 'EE',
            companyName: 'Mereranna Disain OÜ',
            companyRegistryCode: REGISTRY_CODES.maryAnnNew,
            companyRegistryCountryCode: 'EE',
            companySource: 'REGISTER',
          },
          'test',
        ),
      );
    });
    expect(await service.createApplication(MARY_ANN, choice)).toEqual({ kind: 'OUTCOME', outcome: 'STARTED_WITH_OTHER_REPRESENTATIVE' });
    const stored = await database.db.select().from(applications).where(eq(applications.companyRegistryCode, REGISTRY_CODES.maryAnnNew));
    expect(stored.map((row) => [row.representativePersonalId, row.status])).toEqual([['38001085718', 'IN_PROGRESS']]);
  });

  it('is kept by the database whoever writes: a second open application is refused, a superseded one is not', async () => {
    const [open] = await database.db.select().from(applications).where(eq(applications.companyRegistryCode, REGISTRY_CODES.maryAnnNew));
    if (!open) throw new Error('the test above left no application');
    // A copy of the row, but for what the database gives each application itself.
    const { applicationNumber, ...copy } = open;
    expect(applicationNumber).toBeGreaterThan(0);
    const another = (status: string) => ({ ...copy, processId: crypto.randomUUID(), representativePersonalId: MARY_ANN.personalId, status });
    await expect(database.db.insert(applications).values(another('IN_PROGRESS'))).rejects.toMatchObject({ cause: { code: '23505' } });
    await expect(database.db.insert(applications).values(another('SUBMITTED'))).rejects.toMatchObject({ cause: { code: '23505' } });
    await database.db.insert(applications).values(another('SUPERSEDED'));
    // A submission flagged for contradicting the register does not hold the company (verified facts).
    await database.db
      .insert(applications)
      .values({ ...another('SUBMITTED'), submittedDiscrepancies: [{ fact: 'LISTED_COMPANY', register: true, declared: false }] });
    // Companies without a registry code are not covered: several may wait for their code.
    const codeless = { ...another('IN_PROGRESS'), companyRegistryCode: null };
    await database.db.insert(applications).values([codeless, { ...codeless, processId: crypto.randomUUID() }]);
  });
});
