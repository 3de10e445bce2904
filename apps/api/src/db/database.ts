import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { schema } from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction, as db.transaction hands it to its callback (a nested one is a savepoint). */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The database or a transaction in it: what every repository call runs on. Given a transaction, the call takes part
 * in it and commits or rolls back with the caller's other writes; given the database, it stands alone.
 */
export type Executor = Db | Transaction;

/**
 * Runs one statement by its text, prepared once per connection under `name` where the driver keeps prepared
 * statements (node-postgres): PostgreSQL then parses and plans it once instead of on every call. For the few
 * statements on every request's path that drizzle cannot prepare.
 */
export type RunPrepared = <Row>(name: string, text: string, values: unknown[]) => Promise<Row[]>;

export type Database = {
  db: Db;
  runPrepared: RunPrepared;
  /**
   * Runs `work` while no other instance on this database runs its own: the start-up work that must happen
   * once however many instances start together (the demonstration data). `work` uses `db` as usual.
   */
  onceAcrossInstances<T>(work: () => Promise<T>): Promise<T>;
  /** `pglite` (embedded, one process) or `postgres` (a server, any number of processes). */
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** Connections a PostgreSQL pool opens at most, unless told otherwise (DATABASE_POOL_SIZE). */
export const DEFAULT_POOL_SIZE = 10;

export type DatabaseOptions =
  /** PostgreSQL server by URL, with at most `poolSize` connections. */
  | { url: string; dataDir?: undefined; copyOf?: undefined; poolSize?: number }
  /**
   * Embedded PGlite: on disk in dataDir, or in memory when dataDir is undefined; `copyOf` starts it from a
   * data folder dumped by `dumpMigratedPglite` (tests copy one migrated database instead of making each anew).
   */
  | { url?: undefined; dataDir?: string; copyOf?: Blob };

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

// Any fixed numbers shared by every instance: they serialise migrations, and the start-up work after them,
// when several instances start at once.
const MIGRATION_LOCK_ID = 7_246_001;
const START_UP_LOCK_ID = 7_246_002;

/** Opens the database and applies pending migrations; the same SQL files serve both kinds. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.poolSize ?? DEFAULT_POOL_SIZE) : openPglite(options.dataDir, options.copyOf);
}

/** A new, migrated in-memory PGlite's data folder, as `copyOf` takes it. */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = await PGlite.create();
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function openPglite(dataDir: string | undefined, copyOf: Blob | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Durability: on Node, PGlite writes dataDir's files through Emscripten's NODEFS straight to the
  // OS, and a commit writes its WAL before the query returns, so a killed process loses nothing it
  // acknowledged (tests/system/faults-crash-durability.test.ts). But PGlite starts PostgreSQL with
  // fsync off (-F) and NODEFS has no fsync at all, so no option (relaxedDurability only concerns
  // the browser's file systems) survives an OS crash or power loss: that takes PostgreSQL.
  const client = await PGlite.create(dataDir, copyOf ? { loadDataDir: copyOf } : {});
  const db = drizzlePglite({ client, schema });
  // On a copy this finds nothing to do, unless the copy is older than the migrations folder.
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    // PGlite keeps no named statements; it is one connection in this process.
    runPrepared: async <Row>(_name: string, text: string, values: unknown[]) => (await client.query<Row>(text, values)).rows,
    // One process owns a PGlite folder: there is no other instance to wait for.
    onceAcrossInstances: (work) => work(),
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  await migratePostgresOnce(url);
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db: db as unknown as Db,
    runPrepared: async <Row>(name: string, text: string, values: unknown[]) => (await pool.query<Row & pg.QueryResultRow>({ name, text, values })).rows,
    onceAcrossInstances: (work) => withAdvisoryLock(url, START_UP_LOCK_ID, work),
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

async function migratePostgresOnce(url: string): Promise<void> {
  await withAdvisoryLock(url, MIGRATION_LOCK_ID, async (client) => {
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder });
  });
}

/**
 * Runs `work` holding a session-level advisory lock on a connection of its own: another process that asks
 * for the same lock waits until `work` is done (or this connection ends, should the process die).
 */
async function withAdvisoryLock<T>(url: string, lockId: number, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [lockId]);
    return await work(client);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [lockId]).catch(() => undefined);
    await client.end();
  }
}
