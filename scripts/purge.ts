// The retention purge once, now (docs/operations.md "Retention"): what the rule allows goes, nothing else.
//   npm run purge
// Reads DATABASE_URL (or, without it, the PGlite database in DATA_DIR) and the RETENTION_* settings as the server does.
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/database.js';
import { retentionRuleOf } from '../apps/api/src/modules/retention/plugin.js';
import { purgeAll } from '../apps/api/src/modules/retention/purge.js';

const config = loadConfig(process.env);
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.dataDir, 'pglite') });
try {
  const counts = await purgeAll(database.db, retentionRuleOf(config));
  if (!counts) console.log('another instance is purging now: nothing done');
  else for (const [table, count] of Object.entries(counts)) console.log(`${table}: ${String(count)}`);
} finally {
  await database.close();
}
