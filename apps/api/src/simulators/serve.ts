import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { startSimulators } from './start-simulators.js';

/**
 * `npm run simulators`: SK's stand-ins (Smart-ID, Mobile-ID, the ID-card test CA and signing stand-in,
 * the OCSP responder and the time-stamping authority) as a process of their own, which instances reach
 * at SIMULATORS_URL as they would reach SK. Reads SIMULATORS_HOST, SIMULATORS_PORT, DATA_DIR (the test
 * CAs are kept in DATA_DIR/simulators), SIMULATOR_COMPLETION_DELAY_MS and LOG_LEVEL.
 */
let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const simulators = await startSimulators({
  dataDir: path.join(config.dataDir, 'simulators'),
  completionDelayMs: config.SIMULATOR_COMPLETION_DELAY_MS,
  host: config.SIMULATORS_HOST,
  port: config.SIMULATORS_PORT,
  logger: { level: config.LOG_LEVEL },
}).catch((error: unknown) => {
  // One clear line (a port in use, an unreadable DATA_DIR), not a stack.
  console.error(
    `identity simulators could not start on ${config.SIMULATORS_HOST}:${String(config.SIMULATORS_PORT)}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
const origin = new URL(simulators.smartIdBaseUrl).origin;
console.log(`identity simulators listening on ${origin}; start instances with IDENTITY_MODE=simulated SIMULATORS_URL=${origin}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void simulators.close().then(() => process.exit(0));
  });
}
