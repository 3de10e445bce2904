import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** What went wrong at start, in one line an operator can act on (a database that does not answer, a port in use). */
function startFailed(stage: string, error: unknown): never {
  const reason = error instanceof AggregateError && error.errors.length > 0 ? error.errors[0] : error;
  const message = reason instanceof Error ? reason.message || reason.name : String(reason);
  console.error(`the server could not start (${stage}): ${message.split('\n')[0] ?? ''}`);
  process.exit(1);
}

const config = readConfig();
const app = await buildApp(config).catch((error: unknown) => startFailed('building the app', error));
if (config.DEMO_DEPLOYMENT) {
  app.log.warn('DEMO DEPLOYMENT: simulated identities, magic sign-in and the dev mailbox are on; anyone can sign in as anyone. Not for customers.');
}

let isShuttingDown = false;
/**
 * SIGTERM is how an orchestrator replaces an instance: /readyz fails first and the instance goes on serving for
 * SHUTDOWN_DRAIN_MS, until the load balancer has taken it out; then it stops taking connections, finishes the
 * requests in flight (SK long polls included) within SHUTDOWN_TIMEOUT_MS, and exits. SIGINT skips the drain.
 */
async function shutDown(signal: NodeJS.Signals): Promise<void> {
  if (isShuttingDown) return;
  isShuttingDown = true;
  app.markStopping();
  const drainMs = signal === 'SIGTERM' ? config.SHUTDOWN_DRAIN_MS : 0;
  if (drainMs > 0) {
    app.log.info({ signal, drainMs }, 'stopping: /readyz answers 503 while requests are still served');
    await new Promise((resolve) => setTimeout(resolve, drainMs));
  }
  app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS);
  timer.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

process.once('SIGTERM', () => void shutDown('SIGTERM'));
process.once('SIGINT', () => void shutDown('SIGINT'));

const address = await app
  .listen({ port: config.PORT, host: config.HOST })
  .catch((error: unknown) => startFailed(`listening on ${config.HOST}:${String(config.PORT)}`, error));
app.log.info(`listening on ${address}; the web app is at ${config.PUBLIC_URL}/start/ (database: ${app.database.kind})`);
