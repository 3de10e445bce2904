import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';

/** Migrated databases that test databases copy, made once per run (test/database-template.ts). */
export type DatabaseTemplates = {
  /** A file holding a migrated PGlite data folder, as `dumpMigratedPglite` made it. */
  pgliteFile: string;
  /** A migrated database on the PostgreSQL server at DATABASE_URL, when there is one. */
  postgresName: string | undefined;
};

declare module 'vitest' {
  // Vitest's typed inject() merges into this interface; only an interface can be merged.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** Absent where the run made none (a project without the global setup). */
    databaseTemplates: DatabaseTemplates | undefined;
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default,
 * or a new database on the PostgreSQL server named by DATABASE_URL (CI runs
 * the API tests both ways). Call `drop()` when done.
 */
export async function createTestDatabase(): Promise<Database & { drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  // A copy of the run's migrated template (test/global-setup.ts), where the run made one; scripts outside
  // vitest (the OpenAPI lint) migrate a database of their own.
  const templates = process.env.VITEST ? inject('databaseTemplates') : undefined;
  if (!serverUrl) {
    const database = await openDatabase({ copyOf: templates ? await pgliteTemplate(templates.pgliteFile) : undefined });
    return { ...database, drop: () => database.close() };
  }

  const created = await createServerDatabase(serverUrl, 'onboarding_test', templates?.postgresName);
  const database = await openDatabase({ url: created.url });
  return {
    ...database,
    drop: async () => {
      await database.close();
      await created.drop();
    },
  };
}

let pgliteTemplateRead: { file: string; blob: Promise<Blob> } | undefined;

/** The template's bytes, read once per test file's module graph. */
function pgliteTemplate(file: string): Promise<Blob> {
  if (pgliteTemplateRead?.file !== file) pgliteTemplateRead = { file, blob: readFile(file).then((bytes) => new Blob([bytes])) };
  return pgliteTemplateRead.blob;
}

/**
 * A new database named `prefix_<random>` on the PostgreSQL server at `serverUrl`, empty or a copy of the
 * database `template`: its URL, and how to drop it.
 */
export async function createServerDatabase(serverUrl: string, prefix: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
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
