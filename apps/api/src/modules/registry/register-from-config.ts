import { readFileSync } from 'node:fs';
import type { Registry } from 'prom-client';
import { registerFactsMaxAgeMs, type Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { SimulatorEndpoints } from '../../simulators/index.js';
import type { BusinessRegister } from './business-register.js';
import { FIXTURE_COMPANIES } from './fixture/companies.js';
import { withCompanyReadings } from './company-reading.js';
import { breakerClient } from './register-breaker.js';
import { cachedClient, reuseOfOperations } from './register-cache.js';
import { createRegisterMetrics, meteredClient, NO_REGISTER_METRICS } from './register-metrics.js';
import { createRikClient } from './rik/client.js';
import { createRikRegister } from './rik/rik-register.js';
import { createSimulatedRegister } from './simulated-register.js';

type RegisterSettings = Pick<
  Config,
  | 'IDENTITY_MODE'
  | 'REGISTER_URL'
  | 'REGISTER_USERNAME'
  | 'REGISTER_PASSWORD'
  | 'REGISTER_PASSWORD_FILE'
  | 'REGISTER_TIMEOUT_MS'
  | 'REGISTER_FACTS_MAX_AGE_MINUTES'
  | 'REGISTER_BREAKER_FAILURES'
  | 'REGISTER_BREAKER_COOL_DOWN_SECONDS'
>;

/** Where the register's answers, its breaker and its figures are kept: shared by every instance on the database. */
export type RegisterWiring = {
  db: Db;
  /** The app's Prometheus registry (plugins/metrics.ts); without it nothing is counted. */
  metrics?: Registry;
  now?: () => Date;
};

/**
 * The business register: RIK's XML service at REGISTER_URL, or in simulated mode the simulators' stand-in, through
 * the same client (docs/style.md habit 6). The population register and the list of listed companies are not RIK's:
 * simulated mode answers them from the fixture; live mode knows no person (decision 32: age from the personal code,
 * the document at identification) and no listing (the applicant declares it on the company step).
 */
export function createRegister(
  config: RegisterSettings,
  simulators: Pick<SimulatorEndpoints, 'registerUrl' | 'registerUsername' | 'registerPassword'> | undefined,
  wiring: RegisterWiring,
): BusinessRegister {
  const password = config.REGISTER_PASSWORD_FILE ? readFileSync(config.REGISTER_PASSWORD_FILE, 'utf8').trim() : config.REGISTER_PASSWORD;
  const url = config.REGISTER_URL ?? simulators?.registerUrl;
  const username = config.REGISTER_USERNAME ?? simulators?.registerUsername;
  const secret = password ?? simulators?.registerPassword;
  // The configuration refuses live mode without these; only a simulated instance without simulators gets here.
  if (url === undefined || username === undefined || secret === undefined) throw new Error('REGISTER_URL is unset and no simulators answer for the register');
  const isSimulated = config.IDENTITY_MODE === 'simulated';
  const listed = new Set(FIXTURE_COMPANIES.filter((company) => company.isListedCompany).map((company) => company.registryCode));
  const { db, now } = wiring;
  const metrics = wiring.metrics ? createRegisterMetrics(wiring.metrics) : NO_REGISTER_METRICS;
  const options = { url, username, password: secret, timeoutMs: config.REGISTER_TIMEOUT_MS, ...(now ? { now } : {}) };
  // Outermost first: a stored answer is no query; the breaker refuses before a query; what is sent is counted
  // (docs/decisions/0035).
  const client = cachedClient(
    breakerClient(meteredClient(createRikClient(options), metrics), {
      db,
      timeoutMs: config.REGISTER_TIMEOUT_MS,
      policy: { failuresToOpen: config.REGISTER_BREAKER_FAILURES, coolDownMs: config.REGISTER_BREAKER_COOL_DOWN_SECONDS * 1000 },
      metrics,
      ...(now ? { now } : {}),
    }),
    { db, reuseMsOf: reuseOfOperations(registerFactsMaxAgeMs(config)), metrics, ...(now ? { now } : {}) },
  );
  return withCompanyReadings(
    createRikRegister({
      ...options,
      client,
      persons: isSimulated ? createSimulatedRegister() : { person: async () => undefined },
      isListed: (registryCode) => isSimulated && listed.has(registryCode),
    }),
  );
}
