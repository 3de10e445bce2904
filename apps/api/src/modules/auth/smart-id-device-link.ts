import { DEVICE_LINK_LANGUAGES, type AuthenticationStatusResponse, type DeviceLinkFlow, type SmartIdCallbackRequest } from '@onboarding/domain';
import { LRUCache } from 'lru-cache';
import type { StoredDeviceLink } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import {
  checkDeviceLinkCallback,
  DEVICE_LINK_WINDOW_SECONDS,
  IdentityError,
  type AuthenticatedPerson,
  type DeviceLinkSession,
  type SmartIdClient,
} from '../identity/index.js';
import type { AuthRepository, AuthSession } from './auth-repository.js';
import { seal, unseal, type KeyEncryptionKeys } from './key-encryption.js';
import { matchesTokenHash, randomToken, tokenHash } from './secrets.js';

/** The browser's return address after a Web2App sign-in: a page of the web app (docs/design.md). */
export const DEVICE_LINK_RETURN_PATH = '/start/authentication/smart-id-return';

/** The cookie a Web2App return must bring; only the callback route reads it. */
export const DEVICE_LINK_COOKIE = 'sid_return';

// The sealed secret's purpose, bound into the seal so it cannot be passed off as another sealed value.
const SEAL_CONTEXT = 'smart-id device-link session secret';

// Sessions this instance started or has read, so a QR's renewal each second costs an HMAC, not a query.
const SESSIONS_KEPT = 10_000;

export type DeviceLinkStart = { authenticationSessionId: string; deviceLink: string; expiresInSeconds: number; cookie?: string };

export type DeviceLinkSignInOptions = {
  repository: AuthRepository;
  client: Pick<SmartIdClient, 'startDeviceLinkAuthentication' | 'deviceLink' | 'pollDeviceLinkAuthentication'>;
  keyEncryption: () => KeyEncryptionKeys;
  /** The web app's public origin and base, where the Web2App return page is. */
  publicUrl: string;
  now: () => Date;
};

/**
 * Smart-ID sign-in by device link (docs/eid-facts.md section 1.10; decision 38): a QR code on a computer, the
 * app's link on a phone. The person is whoever the certificate names; no personal code is typed.
 */
export function createDeviceLinkSignIn({ repository, client, keyEncryption, publicUrl, now }: DeviceLinkSignInOptions) {
  const sessions = new LRUCache<string, DeviceLinkSession>({ max: SESSIONS_KEPT, ttl: 2 * DEVICE_LINK_WINDOW_SECONDS * 1000 });

  // The stored record is the session with its secret sealed, and the Web2App return's hashes beside it.
  const toStored = ({ sessionSecret, ...session }: DeviceLinkSession, hashes: Pick<StoredDeviceLink, 'cookieHash' | 'valueHash'>): StoredDeviceLink => ({
    ...session,
    sealedSessionSecret: seal(keyEncryption(), sessionSecret, SEAL_CONTEXT),
    ...hashes,
  });

  /** The client's session of a sign-in row: from this instance's memory, else unsealed from the row. */
  const sessionOf = (row: AuthSession): DeviceLinkSession | undefined => {
    const known = sessions.get(row.id);
    if (known || !row.deviceLink) return known;
    const { sealedSessionSecret, cookieHash: _cookieHash, valueHash: _valueHash, ...stored } = row.deviceLink;
    const session: DeviceLinkSession = { ...stored, sessionSecret: unseal(keyEncryption(), sealedSessionSecret, SEAL_CONTEXT) };
    sessions.set(row.id, session);
    return session;
  };

  const isWithinWindow = (session: DeviceLinkSession) => now().getTime() - session.createdAtMs < DEVICE_LINK_WINDOW_SECONDS * 1000;

  const linkOf = (session: DeviceLinkSession, language: keyof typeof DEVICE_LINK_LANGUAGES) =>
    client.deviceLink(session, { lang: DEVICE_LINK_LANGUAGES[language], nowMs: now().getTime() });

  return {
    /** Asks SK for a device-link session for a recorded sign-in; Web2App also gets the cookie and one-time value. */
    async start(row: AuthSession, flow: DeviceLinkFlow, language: keyof typeof DEVICE_LINK_LANGUAGES): Promise<DeviceLinkStart> {
      let cookie: string | undefined;
      let hashes: Pick<StoredDeviceLink, 'cookieHash' | 'valueHash'> = {};
      let initialCallbackUrl: string | undefined;
      if (flow === 'Web2App') {
        cookie = randomToken();
        const value = randomToken();
        hashes = { cookieHash: tokenHash(cookie), valueHash: tokenHash(value) };
        initialCallbackUrl = `${publicUrl}${DEVICE_LINK_RETURN_PATH}?${new URLSearchParams({ session: row.id, value })}`;
      }
      const session = await client.startDeviceLinkAuthentication({ flow, ...(initialCallbackUrl ? { initialCallbackUrl } : {}), now: now().getTime() });
      await repository.setDeviceLink(row.id, toStored(session, hashes));
      sessions.set(row.id, session);
      return {
        authenticationSessionId: row.id,
        deviceLink: linkOf(session, language),
        expiresInSeconds: DEVICE_LINK_WINDOW_SECONDS,
        ...(cookie ? { cookie } : {}),
      };
    },

    /**
     * A QR code's link for this second; none once the sign-in ended or its window passed. Asked every second by
     * everyone waiting, so a session this instance knows is answered from memory, without a query: one that ended
     * on another instance may still get links until its window passes, which the app then refuses.
     */
    async deviceLink(id: string, language: keyof typeof DEVICE_LINK_LANGUAGES): Promise<string> {
      let session = sessions.get(id);
      if (!session) {
        const row = await repository.findAuthSession(id, 'SMART_ID');
        session = row?.status === 'RUNNING' ? sessionOf(row) : undefined;
      }
      if (!session || session.flow !== 'QR' || !isWithinWindow(session)) throw new AppError('NOT_FOUND', 'No QR code to show for this sign-in.');
      return linkOf(session, language);
    },

    isWeb2App: (row: AuthSession) => row.deviceLink?.flow === 'Web2App',

    /** One status request to SK: RUNNING, the person, or a failure to record. */
    async poll(row: AuthSession, timeoutMs: number) {
      const session = sessionOf(row);
      if (!session) throw new IdentityError('unexpected', 'device-link sign-in without its session');
      return client.pollDeviceLinkAuthentication({ session, timeoutMs });
    },

    /**
     * The checks of a Web2App return (docs/eid-facts.md section 1.10): the cookie of the browser that started
     * the sign-in, its one-time value (spent here), then SK's answer with the app's digest and verifier.
     */
    async checkReturn(
      row: AuthSession,
      input: SmartIdCallbackRequest,
      cookie: string | undefined,
      timeoutMs: number,
    ): Promise<
      { status: 'RUNNING' } | { status: 'COMPLETE'; person: AuthenticatedPerson; documentNumber: string } | { status: 'FAILED'; code: IdentityError['code'] }
    > {
      const stored = row.deviceLink;
      const session = sessionOf(row);
      if (
        !stored ||
        !session ||
        stored.flow !== 'Web2App' ||
        cookie === undefined ||
        !matchesTokenHash(cookie, stored.cookieHash) ||
        !matchesTokenHash(input.value, stored.valueHash)
      ) {
        throw new AppError('NOT_FOUND', 'No sign-in to return to in this browser.');
      }
      const result = await client.pollDeviceLinkAuthentication({ session, timeoutMs });
      if (result.status !== 'COMPLETE') return result;
      const isGenuine = checkDeviceLinkCallback({
        session,
        sessionSecretDigest: input.sessionSecretDigest,
        userChallengeVerifier: input.userChallengeVerifier,
        userChallenge: result.userChallenge,
      });
      // Spent even when the checks fail: a return address is tried once.
      const isSpent = await repository.spendDeviceLinkReturn(row.id);
      if (!isSpent) throw new AppError('NOT_FOUND', 'No sign-in to return to in this browser.');
      if (!isGenuine) return { status: 'FAILED', code: 'unexpected' };
      return { status: 'COMPLETE', person: result.person, documentNumber: result.documentNumber };
    },

    forget: (id: string) => void sessions.delete(id),
  };
}

export type DeviceLinkSignIn = ReturnType<typeof createDeviceLinkSignIn>;

/** The answer the first browser tab gets when the sign-in finished in the tab the Smart-ID app opened. */
export const signedInElsewhere = (clientState: string): AuthenticationStatusResponse => ({
  status: 'COMPLETE',
  state: clientState,
  outcome: 'signed_in_elsewhere',
});
