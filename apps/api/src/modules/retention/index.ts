/** The retention module's entry: the purge's rule from the configuration (npm run purge runs it too). Wired by plugin.ts. */
export { retentionRuleOf } from './plugin.js';
export { purgeAll, type RetentionRule } from './purge.js';
