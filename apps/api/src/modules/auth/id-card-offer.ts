import type { Config } from '../../config.js';

/**
 * Whether the sign-in page offers the ID-card: with an eid host to send the
 * card to, and in simulated mode through the simulated card reader. The same
 * rule as the authentication page's, so a mail names only the methods the
 * page offers.
 */
export const isIdCardSignInOffered = (config: Pick<Config, 'IDENTITY_MODE'>, eidUrl: string): boolean => eidUrl !== '' || config.IDENTITY_MODE === 'simulated';
