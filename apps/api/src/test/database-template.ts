import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dumpMigratedPglite, openDatabase } from '../db/database.js';
import { createServerDatabase, type DatabaseTemplates } from './database.js';

/**
 * Migrated databases that each test database copies, made once per test run (vitest's globalSetup)
 * instead of once per test database.
 *
 * A new PGlite runs initdb (about 1.5 s here) before the migrations; loading a dumped, migrated data folder
 * takes about half that. On PostgreSQL, `CREATE DATABASE … TEMPLATE` copies the migrated files instead of
 * replaying every migration. A copy still runs the migrator, which finds nothing to do.
 */
export async function createDatabaseTemplates(serverUrl: string | undefined): Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'onboarding-template-'));
  const pgliteFile = path.join(folder, 'pglite.tar');
  writeFileSync(pgliteFile, Buffer.from(await (await dumpMigratedPglite()).arrayBuffer()));

  let postgres: { name: string; drop: () => Promise<void> } | undefined;
  if (serverUrl) {
    const empty = await createServerDatabase(serverUrl, 'onboarding_template');
    const migrated = await openDatabase({ url: empty.url });
    await migrated.close();
    postgres = { name: new URL(empty.url).pathname.slice(1), drop: empty.drop };
  }
  return {
    templates: { pgliteFile, postgresName: postgres?.name },
    remove: async () => {
      rmSync(folder, { recursive: true, force: true });
      await postgres?.drop();
    },
  };
}
