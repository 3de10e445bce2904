/**
 * The auth module's entry: what the other modules may use of it. Sign-in, its sessions and the signing keys are the
 * auth module's; the others get `requireUser` and the keys through what plugin.ts returns in app.ts.
 */
export type { AuthModule } from './plugin.js';
export { applicantAuth, type RequireUser } from './authenticate.js';
export { isIdCardSignInOffered } from './id-card-offer.js';
export { ACCESS_TOKEN_ALGORITHM, keyForToken, type SigningKeyRing } from './signing-key.js';
export { matchesTokenHash, randomToken, tokenHash } from './secrets.js';
