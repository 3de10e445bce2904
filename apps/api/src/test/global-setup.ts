import type { TestProject } from 'vitest/node';
import { createDatabaseTemplates } from './database-template.js';

/** Once per run, before any test file: the migrated databases every test database copies. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, remove } = await createDatabaseTemplates(process.env.DATABASE_URL);
  project.provide('databaseTemplates', templates);
  return remove;
}
