/**
 * The registry module's entry: the business register (RIK's service or its stand-in, one client), the fixture's
 * customers and applications of simulated mode, the look-up scope's rule and the register's related persons. Its
 * look-up routes:
 * plugin.ts.
 */
export type { BusinessRegister, RegisterEvidence, RegisterReading } from './business-register.js';
export { FIXTURE_ACCOUNTS, FIXTURE_APPLICATIONS } from './fixture/bank.js';
export { lookupScopeOf, type LookupScope } from './lookup-scope.js';
export { registerBeneficialOwnershipOf, relatedPersonsFromRegister } from './related-persons-from-register.js';
export { createSimulatedRegister } from './simulated-register.js';
export { createRegister } from './register-from-config.js';
export { createRikRegister, type RikRegister, type RikCompanyRecord } from './rik/rik-register.js';
export { RikError, isRikError, type RikFailure } from './rik/errors.js';
