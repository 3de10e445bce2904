import { readFileSync } from 'node:fs';
import type { Config } from '../../config.js';
import type { SimulatorEndpoints } from '../../simulators/index.js';
import type { BusinessRegister } from './business-register.js';
import { FIXTURE_COMPANIES } from './fixture/companies.js';
import { createRikRegister } from './rik/rik-register.js';
import { createSimulatedRegister } from './simulated-register.js';

type RegisterSettings = Pick<
  Config,
  'IDENTITY_MODE' | 'REGISTER_URL' | 'REGISTER_USERNAME' | 'REGISTER_PASSWORD' | 'REGISTER_PASSWORD_FILE' | 'REGISTER_TIMEOUT_MS'
>;

/**
 * The business register: RIK's XML service at REGISTER_URL, or in simulated mode the simulators' stand-in, through
 * the same client (docs/style.md habit 6). The population register and the list of listed companies are not RIK's:
 * simulated mode answers them from the fixture; live mode knows no person (decision 32: age from the personal code,
 * the document at identification) and no listing (the applicant declares it on the company step).
 */
export function createRegister(
  config: RegisterSettings,
  simulators: Pick<SimulatorEndpoints, 'registerUrl' | 'registerUsername' | 'registerPassword'> | undefined,
): BusinessRegister {
  const password = config.REGISTER_PASSWORD_FILE ? readFileSync(config.REGISTER_PASSWORD_FILE, 'utf8').trim() : config.REGISTER_PASSWORD;
  const url = config.REGISTER_URL ?? simulators?.registerUrl;
  const username = config.REGISTER_USERNAME ?? simulators?.registerUsername;
  const secret = password ?? simulators?.registerPassword;
  // The configuration refuses live mode without these; only a simulated instance without simulators gets here.
  if (url === undefined || username === undefined || secret === undefined) throw new Error('REGISTER_URL is unset and no simulators answer for the register');
  const isSimulated = config.IDENTITY_MODE === 'simulated';
  const listed = new Set(FIXTURE_COMPANIES.filter((company) => company.isListedCompany).map((company) => company.registryCode));
  return createRikRegister({
    url,
    username,
    password: secret,
    timeoutMs: config.REGISTER_TIMEOUT_MS,
    persons: isSimulated ? createSimulatedRegister() : { person: async () => undefined },
    isListed: (registryCode) => isSimulated && listed.has(registryCode),
  });
}
