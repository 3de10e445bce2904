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

  const name = `onboarding_test_${randomUUID().replaceAll('-', '')}`;
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    drop: async () => {
      await database.close();
      await withAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
