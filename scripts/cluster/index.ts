import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startCluster } from './cluster.js';

/**
 * `npm run cluster`: CLUSTER_INSTANCES (3) instances of the built server on the PostgreSQL database
 * DATABASE_URL (postgres://postgres@127.0.0.1:5432/onboarding_cluster, created when missing), Debian's
 * nginx in front of them on 127.0.0.1:CLUSTER_PORT (3000) with deploy/nginx.conf, and the identity
 * simulators. CLUSTER_IMAGE runs each instance as a container of that image (deploy/Dockerfile) instead.
 * Ctrl-C or SIGTERM stops everything it started. Logs are in the folder it prints.
 */

const port = Number(process.env.CLUSTER_PORT ?? 3000);
const instances = Number(process.env.CLUSTER_INSTANCES ?? 3);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/onboarding_cluster';
if (!Number.isInteger(port) || port < 1 || port > 65_535) fail(`CLUSTER_PORT: ${String(process.env.CLUSTER_PORT)} is not a port`);
if (!Number.isInteger(instances) || instances < 1 || instances > 16)
  fail(`CLUSTER_INSTANCES: ${String(process.env.CLUSTER_INSTANCES)} is not a number from 1 to 16`);

function fail(message: string): never {
  console.error(`the cluster could not start: ${message}`);
  process.exit(1);
}

/** Creates the database when it is missing, through the server's `postgres` database. */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) fail(`DATABASE_URL: the database name ${name} is not a plain identifier`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await client.query(`create database ${name}`);
  } catch (error) {
    fail(`PostgreSQL at ${target.host} does not answer (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The key-encryption key of the cluster's signing keys. The database outlives each run, so the KEK must too: one
 * made on the first run is kept in data/cluster-key-encryption-key (ignored by git), never in the database.
 * KEY_ENCRYPTION_KEYS, when set, is used instead.
 */
function clusterKeyEncryptionKeys(): string {
  if (process.env.KEY_ENCRYPTION_KEYS) return process.env.KEY_ENCRYPTION_KEYS;
  const file = path.resolve(import.meta.dirname, '../../data/cluster-key-encryption-key');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  }
  return readFileSync(file, 'utf8').trim();
}

await ensureDatabase(databaseUrl);
const dir = mkdtempSync(path.join(tmpdir(), 'onboarding-cluster-'));
const image = process.env.CLUSTER_IMAGE;
const env = { KEY_ENCRYPTION_KEYS: clusterKeyEncryptionKeys() };
const cluster = await startCluster({
  port,
  instances,
  databaseUrl,
  dir,
  env,
  ...(image ? { image } : {}),
  log: (message) => console.log(`cluster: ${message}`),
}).catch((error: unknown) => fail(`${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)} (logs in ${dir})`));
console.log(`cluster: the web app is at ${cluster.url}/start/ ; logs in ${dir}`);

let isStopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (isStopping) return;
    isStopping = true;
    console.log('cluster: stopping');
    void cluster.stop().then(() => process.exit(0));
  });
}
