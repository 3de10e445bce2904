import { isValidCallback } from './smart-id-v3-protocol.js';

/**
 * How long a QR code is shown and renewed, and an app link may be opened: SK's window for a device link
 * (docs/eid-facts.md section 1.10). The person then asks for a new code.
 */
export const DEVICE_LINK_WINDOW_SECONDS = 60;

/** How the person reaches the Smart-ID app from our page: a QR code on another screen, or a link on the same phone. */
export type DeviceLinkFlow = 'QR' | 'Web2App';

/** What the server keeps of a device-link sign-in; sessionSecret never leaves the server. */
export type DeviceLinkSession = {
  providerSessionId: string;
  sessionToken: string;
  sessionSecret: string;
  deviceLinkBase: string;
  /** Base64. */
  rpChallenge: string;
  /** Base64. */
  interactions: string;
  flow: DeviceLinkFlow;
  initialCallbackUrl?: string;
  createdAtMs: number;
};

/**
 * The return of a Web2App sign-in (docs/eid-facts.md section 1.10): the callback's sessionSecretDigest
 * must be the digest of this session's secret, and its userChallengeVerifier must hash to the
 * userChallenge the session answered. Constant-time compares. The caller checks its own one-time
 * value and cookie first, and validates the whole answer (pollDeviceLinkAuthentication) as well.
 */
export function checkDeviceLinkCallback(input: {
  session: DeviceLinkSession;
  sessionSecretDigest: string;
  userChallengeVerifier: string;
  userChallenge: string;
}): boolean {
  return isValidCallback({
    sessionSecret: input.session.sessionSecret,
    sessionSecretDigest: input.sessionSecretDigest,
    userChallengeVerifier: input.userChallengeVerifier,
    userChallenge: input.userChallenge,
  });
}
