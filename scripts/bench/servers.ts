import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../cluster/cluster.js';
import { spawnServer, type ChildServer } from './processes.js';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const serverEntry = path.join(REPO_ROOT, 'apps/api/dist/server.js');
const simulatorsEntry = path.join(REPO_ROOT, 'apps/api/dist/simulators/serve.js');

/**
 * SK's identity stand-ins (`npm run simulators`) as a process of their own, at zero completion delay,
 * so that their CPU is not the server's; their test CAs are kept in DATA_DIR/simulators of a temporary folder.
 */
export async function startSimulatorsProcess(): Promise<ChildServer & { dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'onboarding-bench-simulators-'));
  const server = await spawnServer({
    name: 'identity simulators',
    command: process.execPath,
    args: [simulatorsEntry],
    // As the app server runs: a demonstration deployment (the bench's own environment has NODE_ENV=production once Vite has built).
    env: {
      NODE_ENV: 'production',
      DEMO_DEPLOYMENT: 'true',
      SIMULATORS_HOST: '127.0.0.1',
      SIMULATORS_PORT: String(port),
      DATA_DIR: dataDir,
      SIMULATOR_COMPLETION_DELAY_MS: '0',
      LOG_LEVEL: 'warn',
    },
    port,
    readyPath: '/simulators.json',
    timeoutMs: 60_000,
  });
  return { ...server, dataDir };
}

/** How every server of the benchmark runs, alone or as an instance of a cluster. */
export const BENCH_SERVER_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  // Production with the simulators: a demonstration deployment, as far as the server is concerned.
  DEMO_DEPLOYMENT: 'true',
  LOG_LEVEL: 'warn',
  // Long enough that tokens issued while preparing outlive every scenario of a run.
  ACCESS_TOKEN_TTL_SECONDS: '3600',
  SESSION_IDLE_TIMEOUT_SECONDS: '86400',
  // The Smart-ID journey signs the same demo person in many times a second from one address. The limits
  // still count every request (the cost measured), they just never refuse.
  RATE_LIMIT_STARTS_PER_ADDRESS: '1000000000',
  RATE_LIMIT_STARTS_PER_PERSON: '1000000000',
  RATE_LIMIT_REQUESTS_PER_ADDRESS: '1000000000',
  RATE_LIMIT_REQUESTS_PER_USER: '1000000000',
  RATE_LIMIT_SAVES_PER_USER: '1000000000',
  RATE_LIMIT_DRAFTS_PER_USER: '1000000000',
  RATE_LIMIT_PREVIEWS_PER_USER: '1000000000',
};

export type AppServerOptions = {
  /** PostgreSQL URL; undefined: embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  /** DATA_DIR (keys, simulator PKI, PGlite); a fresh temporary folder when omitted. */
  dataDir?: string;
  /** Folder for node --cpu-prof output; no profiling when omitted. */
  cpuProfileDir?: string;
  /** PUBLIC_URL, the access tokens' issuer: a server started again must keep it, or earlier tokens stop working. */
  publicUrl?: string;
  /** SIMULATORS_URL: the identity simulators' own process (startSimulatorsProcess). */
  simulatorsUrl: string;
};

export type AppServer = ChildServer & { dataDir: string; env: Record<string, string> };

/** Starts the built server (`npm run build` output) as a child process that uses the simulators' process at `simulatorsUrl`. */
export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'onboarding-bench-'));
  const env: Record<string, string> = {
    ...BENCH_SERVER_ENV,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: options.publicUrl ?? `http://127.0.0.1:${String(port)}`,
    IDENTITY_MODE: 'simulated',
    // The stand-ins run in their own process (zero delay there): the server starts none of its own.
    SIMULATORS_URL: options.simulatorsUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
  };
  const nodeArgs = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const server = await spawnServer({
    name: options.databaseUrl ? 'app (PostgreSQL)' : 'app (PGlite)',
    command: process.execPath,
    args: [...nodeArgs, serverEntry],
    env,
    port,
    readyPath: '/readyz',
    timeoutMs: 120_000,
  });
  return { ...server, dataDir, env };
}
