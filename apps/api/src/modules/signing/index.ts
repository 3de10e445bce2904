/**
 * The signing module's entry: what the other modules may use of it. The contracts and signing sessions are the
 * signing module's; the others read the signed ones through `SignedContracts`, which plugin.ts returns in app.ts.
 */
export type { SignedContracts, SigningModule } from './plugin.js';
export type { SignedContract } from './signing-repository.js';
export { containerFileName, contractFileName, CONTRACT_MEDIA_TYPE } from './signing-service.js';
export { ASIC_E_MEDIA_TYPE } from './container/asic.js';
export { contractLanguageOf } from './contract-facts.js';
export { ownStatementOf } from './co-signing.js';
export { invitationStatusOf } from './invitation-links.js';
export type { InvitationRow } from './invitation-repository.js';
