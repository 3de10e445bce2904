import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { createTestDatabase } from './database.js';

/** A small stand-in for the built web app, so API tests need no web build. */
export function createWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'onboarding-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="page-settings" content="" /></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'index-3f2a1b.js'), 'console.log("app");');
  writeFileSync(path.join(dir, 'assets', 'index-3f2a1b.js.map'), '{"version":3,"sources":["../src/main.tsx"],"sourcesContent":["secret"]}');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

/** The tests' configuration: its own data folder (signing key, simulator CAs) and simulators that answer at once. */
export function loadTestConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    WEB_DIST_DIR: createWebDist(),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'onboarding-data-')),
    SIMULATOR_COMPLETION_DELAY_MS: '0',
    ...env,
  });
}

/**
 * Builds the app on a fresh test database with the tests' configuration (loadTestConfig); `close()` closes all.
 */
export async function buildTestApp(env: Record<string, string> = {}, dependencies: Omit<AppDependencies, 'database'> = {}): Promise<FastifyInstance> {
  const database = await createTestDatabase();
  const app = await buildApp(loadTestConfig(env), { ...dependencies, database });
  app.addHook('onClose', () => database.drop());
  return app;
}
