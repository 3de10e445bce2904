import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { RequireUser } from '../auth/authenticate.js';
import { createMailModule } from '../mail/index.js';
import { referenceRoutes } from '../reference/routes.js';
import { createSimulatedBankRecords } from '../registry/bank-records.js';
import { registerLookupRoutes } from '../registry/lookup-routes.js';
import { createSimulatedRegister } from '../registry/simulated-register.js';
import { createOnboardingRepository } from './onboarding-repository.js';
import { createOnboardingService } from './onboarding-service.js';
import { onboardingRoutes } from './routes.js';
import { seedFixtureApplications } from './seed-fixture.js';

/**
 * The onboarding API: reference data, register look-ups, the applications,
 * and the mail they send. The business register is the simulator until a
 * live adapter exists; it is the same interface either way.
 */
export async function registerOnboarding(app: FastifyInstance, config: Config, database: Database, requireUser: RequireUser): Promise<void> {
  const mail = createMailModule({ config, db: database.db, logger: app.log.child({ module: 'mail' }) });
  app.addHook('onReady', async () => mail.sender.start());
  // Registered after the database's own hook, so it runs first: the sender stops before the database closes.
  app.addHook('onClose', async () => mail.sender.stop());
  if (config.IDENTITY_MODE === 'simulated') await app.register(mail.devMailboxRoutes);

  const register = createSimulatedRegister();
  const repository = createOnboardingRepository(database.db);
  const service = createOnboardingService({ repository, register, bankRecords: createSimulatedBankRecords(), mail });
  if (config.IDENTITY_MODE === 'simulated') await seedFixtureApplications(repository);

  await app.register(referenceRoutes);
  await app.register(registerLookupRoutes, { register, requireUser });
  await app.register(onboardingRoutes, { service, requireUser });
}
