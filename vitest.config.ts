import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Internal packages are consumed from source in tests (the "source" export condition),
// so nothing needs a build before the unit tests run. The node projects resolve as
// Vite's SSR environment, which takes its conditions from ssr.resolve: without them
// the API tests ran against packages/domain/dist, stale until the next tsc -b.
const resolve = { conditions: ['source'] };
const ssr = { resolve: { conditions: ['source'] } };
// Made once per run: the migrated databases each test database copies.
const apiGlobalSetup = 'apps/api/src/test/global-setup.ts';
// A worker imports the app, React and jsdom once, not once per file (docs/decisions/0027); what a test stubs is
// restored after it, since the next file shares its modules.
const oneGraphPerWorker = { isolate: false, unstubGlobals: true, unstubEnvs: true } as const;

export default defineConfig({
  test: {
    // Vitest's default keeps one core free for itself, which on a two-core machine leaves one test file at a
    // time; its own process mostly waits, and so do many tests (on servers, processes, timers).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        resolve,
        ssr,
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node', ...oneGraphPerWorker },
      },
      {
        // The API in one process: app.inject, simulators and SMTP servers on ports of the test's own.
        resolve,
        ssr,
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          ...oneGraphPerWorker,
          globalSetup: [apiGlobalSetup],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The built server as processes of its own, faults, abuse and fuzzing, tools we did not write.
        resolve,
        ssr,
        test: {
          name: 'system',
          include: ['tests/system/**/*.test.ts'],
          environment: 'node',
          ...oneGraphPerWorker,
          globalSetup: ['tests/system/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        resolve,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          ...oneGraphPerWorker,
          // Keyboard journeys through a whole form take a few seconds in jsdom; on a busy shared machine
          // the 5 s default fails them for the machine's sake, not the product's.
          testTimeout: 15_000,
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        // The browser's form code and the server's routes side by side: both must judge a step alike.
        resolve,
        ssr,
        test: {
          name: 'forms',
          include: ['tests/forms/**/*.test.ts'],
          environment: 'node',
          ...oneGraphPerWorker,
          globalSetup: [apiGlobalSetup],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          ...oneGraphPerWorker,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Several built instances behind nginx on one PostgreSQL (scripts/cluster): slow to start, one file at a time.
        resolve,
        ssr,
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
