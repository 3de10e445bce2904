import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../apps/api/src/app.js';
import { loadConfig } from '../../../apps/api/src/config.js';
import { openDatabase } from '../../../apps/api/src/db/database.js';

export type RunningServer = { app: FastifyInstance; baseUrl: string; close: () => Promise<void> };

/**
 * Starts the real server (built web app, in-memory PGlite, identity simulators,
 * its own data folder) on a free port of 127.0.0.1. Simulated sign-ins complete
 * after a second, so the verification code page is seen as a person sees it.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'onboarding-e2e-')),
    SIMULATOR_COMPLETION_DELAY_MS: '1500',
    ...env,
  });
  const database = await openDatabase({});
  const app = await buildApp(config, { database });
  await app.listen({ host: config.HOST, port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
