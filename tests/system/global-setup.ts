import type { TestProject } from 'vitest/node';
import { buildApi } from '../../apps/api/src/test/built-server.js';
import setUpDatabaseTemplates from '../../apps/api/src/test/global-setup.js';

/**
 * Once per run of the system tests: the API built as `npm start` builds it (the tests run that server as a
 * process of its own), and the migrated databases every test database copies.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await buildApi();
  return setUpDatabaseTemplates(project);
}
