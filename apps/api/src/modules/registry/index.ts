/**
 * The registry module's entry: the business register (simulated until the live adapter exists, the same interface
 * either way), the fixture's customers and applications of simulated mode, the look-up scope's rule and the register's related persons. Its look-up routes:
 * plugin.ts.
 */
export type { BusinessRegister } from './business-register.js';
export { FIXTURE_ACCOUNTS, FIXTURE_APPLICATIONS } from './fixture/bank.js';
export { lookupScopeOf, type LookupScope } from './lookup-scope.js';
export { relatedPersonsFromRegister } from './related-persons-from-register.js';
export { createSimulatedRegister } from './simulated-register.js';
