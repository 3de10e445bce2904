import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../apps/api/src/app.js';
import { loadConfig } from '../../../apps/api/src/config.js';
import { openDatabase } from '../../../apps/api/src/db/database.js';

export type RunningServer = { app: FastifyInstance; baseUrl: string; close: () => Promise<void> };

/** Starts the real server (built web app, in-memory PGlite) on a free port of 127.0.0.1. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const config = loadConfig({ LOG_LEVEL: 'warn', NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', ...env });
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
