import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default,
 * or a new database on the PostgreSQL server named by DATABASE_URL (CI runs
 * the API tests both ways). Call `drop()` when done.
 */
export async function createTestDatabase(): Promise<Database & { drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    return { ...database, drop: () => database.close() };
  }

  const empty = await createEmptyDatabase(serverUrl, 'onboarding_test');
  const database = await openDatabase({ url: empty.url });
  return {
    ...database,
    drop: async () => {
      await database.close();
      await empty.drop();
    },
  };
}

/** A new, empty database named `prefix_<random>` on the PostgreSQL server at `serverUrl`: its URL, and how to drop it. */
export async function createEmptyDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    await withAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
  return { url: url.toString(), drop };
}

/** The PostgreSQL server the process-level tests create their databases on: DATABASE_URL, or the local default. */
export const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

/** Runs `run` with a plain client on the server's database (which only hosts CREATE and DROP DATABASE). */
export async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Whether a PostgreSQL server answers at `url` (within five seconds). */
export async function isPostgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
