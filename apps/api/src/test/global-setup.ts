import type { TestProject } from 'vitest/node';
import type { DatabaseTemplates } from './database.js';
import { createDatabaseTemplates } from './database-template.js';

declare module 'vitest' {
  // Vitest's typed inject() merges into this interface; only an interface can be merged.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** Once per run, before any test file: the migrated databases every test database copies. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, remove } = await createDatabaseTemplates(process.env.DATABASE_URL);
  project.provide('databaseTemplates', templates);
  return remove;
}
