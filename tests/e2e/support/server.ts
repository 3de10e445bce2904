import { mkdtempSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../apps/api/src/app.js';
import { loadConfig } from '../../../apps/api/src/config.js';
import { openDatabase } from '../../../apps/api/src/db/database.js';
import { freePort } from '../../../apps/api/src/test/built-server.js';

export type RunningServer = {
  app: FastifyInstance;
  baseUrl: string;
  /**
   * Answers 503 to every request whose method and path match, until called with null: an outage of part of the
   * API. Unlike a browser route, it also meets the keepalive fetch a leaving page sends, which the browser sends
   * on its own after the page is gone.
   */
  failRequests: (match: ((method: string, path: string) => boolean) | null) => void;
  close: () => Promise<void>;
};

/**
 * Starts the real server (built web app, in-memory PGlite, identity simulators,
 * its own data folder) on a free port of 127.0.0.1. Simulated sign-ins complete
 * after a second, so the verification code page is seen as a person sees it.
 * PUBLIC_URL is the address the browser opens: the simulated ID-card signs
 * the page's origin, which the server compares with PUBLIC_URL's.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${String(port)}`,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'onboarding-e2e-')),
    SIMULATOR_COMPLETION_DELAY_MS: '1500',
    ...env,
  });
  const database = await openDatabase({});
  const app = await buildApp(config, { database });
  await app.listen({ host: config.HOST, port: config.PORT });
  let failing: ((method: string, path: string) => boolean) | null = null;
  // Fastify's own request listener, behind one that can answer first.
  const handlers = app.server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  app.server.removeAllListeners('request');
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (failing?.(request.method ?? '', new URL(request.url ?? '/', 'http://server').pathname)) {
      response
        .writeHead(503, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'Unavailable in this test.' }));
      return;
    }
    for (const handler of handlers) handler(request, response);
  });
  return {
    app,
    baseUrl: config.PUBLIC_URL,
    failRequests: (match) => {
      failing = match;
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
