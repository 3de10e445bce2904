import type { FastifyInstance } from 'fastify';
import { registerFactsMaxAgeMs, type Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { RequireUser } from '../auth/index.js';
import type { EventsModule } from '../events/index.js';
import type { MailModule } from '../mail/index.js';
import type { RateLimits } from '../rate-limits/index.js';
import type { BankCustomers } from '../customers/index.js';
import type { BusinessRegister } from '../registry/index.js';
import { applicationsPort, type Applications } from './applications-port.js';
import { createEmailConfirmation } from './email-confirmation.js';
import { createEmailConfirmationRepository } from './email-confirmation-repository.js';
import { createWritePath } from './flow/write-path.js';
import { createOnboardingRepository } from './onboarding-repository.js';
import { createOnboardingService, type OnboardingService } from './onboarding-service.js';
import { createRegisterEvidence } from './register-evidence.js';
import { onboardingRoutes } from './routes.js';
import { seedFixture } from './seed-fixture.js';
import { createSubmittedRepository } from './submitted-repository.js';

/**
 * What the other modules get: the applications (reads and the one write path), and who may look up what in the
 * registers (the registry's look-up routes ask it).
 */
export type OnboardingModule = {
  applications: Applications;
  lookupAccess: Pick<OnboardingService, 'requireConsent' | 'lookupScope'>;
};

export type OnboardingPluginOptions = {
  config: Config;
  database: Database;
  requireUser: RequireUser;
  rateLimits: RateLimits;
  /** The mail the applications' transitions send, and the e-mail confirmation codes. */
  mail: MailModule;
  /** The events to the bank's systems the applications' transitions add. */
  events: EventsModule;
  /** The business register the companies and their facts come from. */
  register: BusinessRegister;
  /** The companies that are the bank's customers already. */
  customers: BankCustomers;
};

/**
 * The applications: choosing a company, the five steps, the review, the record, and the one write path of an
 * application's state (flow/write-path.ts) that the other modules change an application through.
 */
export async function registerOnboarding(app: FastifyInstance, options: OnboardingPluginOptions): Promise<OnboardingModule> {
  const { config, database, requireUser, rateLimits, mail, events, register, customers } = options;
  const { rules } = rateLimits;
  const repository = createOnboardingRepository(database.db);
  const writes = createWritePath({ db: database.db, runPrepared: database.runPrepared, mail, events });
  const service = createOnboardingService({
    repository,
    register,
    bankRecords: customers,
    writes,
    evidence: createRegisterEvidence(database.db),
    registerFactsMaxAgeMs: registerFactsMaxAgeMs(config),
    storageLimits: { stepBytes: config.MAX_STEP_BYTES, applicationBytes: config.MAX_APPLICATION_BYTES, historyBytes: config.MAX_HISTORY_BYTES },
  });
  // Instances started together would each find the demonstration data missing and insert it twice.
  if (config.IDENTITY_MODE === 'simulated') await database.onceAcrossInstances(() => seedFixture(repository, writes, register, customers));

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

  return {
    applications: applicationsPort(service, repository, createSubmittedRepository(database.db), writes),
    lookupAccess: { requireConsent: service.requireConsent, lookupScope: service.lookupScope },
  };
}
