/** The decisions module's entry: what the integration API calls to record a bank's decision. Wired by plugin.ts. */
export type { DecisionsModule, RecordDecisionHooks, RecordDecisionInput } from './plugin.js';
