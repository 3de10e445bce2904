import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { isIdCardSignInOffered } from '../auth/id-card-offer.js';
import type { AuthModule } from '../auth/plugin.js';
import type { RateLimits } from '../rate-limits/plugin.js';
import type { EventsModule } from '../events/index.js';
import { createMailModule, type MailModule, type MailModuleDependencies } from '../mail/index.js';
import { referenceRoutes } from '../reference/routes.js';
import { createSimulatedBankRecords } from '../registry/bank-records.js';
import { registerLookupRoutes } from '../registry/lookup-routes.js';
import { createSimulatedRegister } from '../registry/simulated-register.js';
import type { BusinessRegister } from '../registry/business-register.js';
import { createEmailConfirmation } from './email-confirmation.js';
import { createEmailConfirmationRepository } from './email-confirmation-repository.js';
import { applicationsPort, type Applications } from './applications-port.js';
import { createWritePath } from './flow/write-path.js';
import { createOnboardingRepository } from './onboarding-repository.js';
import { createOnboardingService } from './onboarding-service.js';
import { createSubmittedRepository } from './submitted-repository.js';
import { onboardingRoutes } from './routes.js';
import { seedFixtureApplications } from './seed-fixture.js';

/** What the other modules get: the applications (reads and the one write path), and the mail. */
export type OnboardingModule = { applications: Applications; mail: MailModule };

/**
 * The onboarding API: reference data, register look-ups, the applications,
 * and the mail they send. The business register is the simulator until a
 * live adapter exists; it is the same interface either way.
 */
export async function registerOnboarding(
  app: FastifyInstance,
  config: Config,
  database: Database,
  auth: Pick<AuthModule, 'requireUser' | 'eidUrl'> & { rateLimits: RateLimits },
  events: EventsModule,
  overrides: { mail?: Pick<MailModuleDependencies, 'transport' | 'outboxPolicy'>; register?: BusinessRegister } = {},
): Promise<OnboardingModule> {
  const { requireUser, rateLimits } = auth;
  const { rules } = rateLimits;
  const mail = createMailModule({
    config,
    db: database.db,
    logger: app.log.child({ module: 'mail' }),
    isIdCardSignInOffered: isIdCardSignInOffered(config, auth.eidUrl()),
    ...overrides.mail,
  });
  app.addHook('onReady', async () => mail.sender.start());
  // Registered after the database's own hook, so it runs first: the sender stops before the database closes.
  app.addHook('onClose', async () => mail.sender.stop());
  if (config.IDENTITY_MODE === 'simulated') await app.register(mail.devMailboxRoutes);

  const register = overrides.register ?? createSimulatedRegister();
  const repository = createOnboardingRepository(database.db);
  const writes = createWritePath({ db: database.db, runPrepared: database.runPrepared, mail, events });
  const service = createOnboardingService({
    repository,
    register,
    bankRecords: createSimulatedBankRecords(),
    writes,
    registerFactsMaxAgeMs: config.REGISTER_FACTS_MAX_AGE_MINUTES * 60_000,
    storageLimits: { stepBytes: config.MAX_STEP_BYTES, applicationBytes: config.MAX_APPLICATION_BYTES, historyBytes: config.MAX_HISTORY_BYTES },
  });
  // Instances started together would each find the demonstration data missing and insert it twice.
  if (config.IDENTITY_MODE === 'simulated') await database.onceAcrossInstances(() => seedFixtureApplications(repository, writes, register));

  await app.register(referenceRoutes);
  const requireConsent = async (request: FastifyRequest) => {
    if (!request.user) throw new AppError('UNAUTHORIZED');
    await service.requireConsent(request.user);
  };
  const scopeOf = async (request: FastifyRequest) => {
    if (!request.user) throw new AppError('UNAUTHORIZED');
    return service.lookupScope(request.user);
  };
  await app.register(registerLookupRoutes, {
    register,
    requireUser,
    requireConsent,
    scopeOf,
    limitLookups: rateLimits.hook(rules.registerLookupPerUser, rules.registerLookupPerClient),
  });
  const emailConfirmation = createEmailConfirmation({ repository: createEmailConfirmationRepository(database.db), onboardingRepository: repository, mail });
  await app.register(onboardingRoutes, {
    service,
    emailConfirmation,
    requireUser,
    limitEmailConfirmation: rateLimits.hook(rules.emailConfirmationPerUser),
    limitSaveAndContinue: rateLimits.hook(rules.saveAndContinuePerUser),
    limitStepSaves: rateLimits.hook(rules.stepSavePerUser),
    limitDraftSaves: rateLimits.hook(rules.draftSavePerUser),
    // A step's body is its data and a version: a little more than the data's own limit.
    stepBodyLimit: config.MAX_STEP_BYTES + 1024,
  });

  return { applications: applicationsPort(service, repository, createSubmittedRepository(database.db), writes), mail };
}
