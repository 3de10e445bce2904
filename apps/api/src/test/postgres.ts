import { ADMIN_URL, createServerDatabase, isPostgresReachable } from './database.js';

/**
 * Whether the tests that need a PostgreSQL server (several instances on one
 * database, row locks) can run: the server at ADMIN_URL answers. On a machine
 * without one they are skipped, with a warning naming `what`; with
 * DATABASE_URL set (CI always has PostgreSQL) a server that does not answer
 * is a failure, not a skip.
 */
export async function isPostgresAvailable(what: string): Promise<boolean> {
  if (await isPostgresReachable(ADMIN_URL)) return true;
  if (process.env.DATABASE_URL) throw new Error('PostgreSQL at DATABASE_URL does not answer');
  console.warn(`${what} skipped: nothing answers at ${ADMIN_URL}`);
  return false;
}

/**
 * A new, empty database `prefix_<random>` on the server at ADMIN_URL, or null
 * when the test is to be skipped (isPostgresAvailable). Drop it with `drop()`.
 */
export async function postgresDatabaseFor(prefix: string, what: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  return (await isPostgresAvailable(what)) ? createServerDatabase(ADMIN_URL, prefix) : null;
}
