import { createHash, randomBytes } from 'node:crypto';
import {
  codeChallengeS256,
  mobileIdVerificationCode,
  smartIdVerificationCode,
  type AuthenticationMethod,
  type AuthenticationStatusResponse,
  type AuthorizeCommonFields,
  type SmartIdCallbackRequest,
  type SmartIdDeviceLinkStartRequest,
  type Locale,
  type TokenResponse,
  mobileIdPhoneNumber,
} from '@onboarding/domain';
import { AppError } from '../../errors.js';
import { type AuthenticatedPerson, type HashType, IdentityError, type MobileIdentityMethod, type MobileIdentityProvider } from '../identity/index.js';
import type { AccessTokens } from './access-token.js';
import type { AuthRepository, AuthSession, CompletedPerson, UserSession } from './auth-repository.js';
import { randomToken, tokenHash } from './secrets.js';
import { signedInElsewhere, type DeviceLinkSignIn, type DeviceLinkStart } from './smart-id-device-link.js';
import { LRUCache } from 'lru-cache';

/** RFC 7636 codes live briefly: the browser exchanges them right after the status call. */
export const AUTHORIZATION_CODE_TTL_MS = 60_000;

/** Each status call long-polls the identity service for at most this long, within the browser's 1 s cadence. */
export const STATUS_LONG_POLL_MS = 1000;

// Smart-ID signs a SHA-512 hash, Mobile-ID a SHA-256 one; each derives the verification code its own way.
const hashTypes: Record<MobileIdentityMethod, HashType> = { SMART_ID: 'SHA512', MOBILE_ID: 'SHA256' };
const verificationCodes: Record<MobileIdentityMethod, (hash: Uint8Array) => string> = {
  SMART_ID: smartIdVerificationCode,
  MOBILE_ID: mobileIdVerificationCode,
};

export type AuthServiceOptions = {
  repository: AuthRepository;
  providers: Record<MobileIdentityMethod, MobileIdentityProvider>;
  /** Smart-ID sign-in by QR code or app link (smart-id-device-link.ts). */
  deviceLinks: DeviceLinkSignIn;
  accessTokens: AccessTokens;
  sessionIdleTimeoutSeconds: number;
  /**
   * How long this instance trusts that a session it found alive still is, without asking the database
   * (0: ask on every request). Its own logouts and revocations end the session here at once; those made
   * on another instance reach this one within this time.
   */
  sessionCheckCacheMs?: number;
  now?: () => Date;
};

/** language: the person's UI language, for Mobile-ID's phone prompt. */
export type StartInput = AuthorizeCommonFields & { personalId: string; phoneNumber?: string; language?: Locale; clientAddress: string };

export type StatusResult = AuthenticationStatusResponse;

/** How long a Web2App return waits for SK's answer: the app opens the return only after the PIN. */
const RETURN_LONG_POLL_MS = 5000;

/** The sign-in server's rules (docs/requirements.md sections 3, 4, 7; RFC 7636); routes stay thin. */
export function createAuthService(options: AuthServiceOptions) {
  const { repository, providers, deviceLinks, accessTokens } = options;
  const now = options.now ?? (() => new Date());

  const idleTimeoutMs = options.sessionIdleTimeoutSeconds * 1000;
  const isSessionAlive = (session: UserSession): boolean => !session.revokedAt && now().getTime() - session.lastRefreshedAt.getTime() < idleTimeoutMs;
  const liveSessions = createLiveSessionCache(options.sessionCheckCacheMs ?? 0, () => now().getTime());

  async function issueCodeFor(session: AuthSession): Promise<string> {
    const code = randomToken();
    const isIssued = await repository.issueCode(session.id, tokenHash(code), new Date(now().getTime() + AUTHORIZATION_CODE_TTL_MS));
    if (!isIssued) throw new IdentityError('unexpected', 'The authorization code of this sign-in was already used.');
    return code;
  }

  /**
   * `authSessionId`: the sign-in whose code is exchanged, so that a replay of the code can revoke this session.
   * `phoneNumber`: that of a Mobile-ID sign-in, carried in the access token.
   */
  async function createTokens(
    person: CompletedPerson,
    authenticationMethod: AuthenticationMethod,
    authSessionId?: string,
    phoneNumber?: string,
  ): Promise<TokenResponse> {
    const refreshToken = randomToken();
    const session = await repository.createUserSession({ ...person, authenticationMethod, authSessionId }, tokenHash(refreshToken));
    const accessToken = await accessTokens.issue({ ...person, authenticationMethod, phoneNumber, sessionId: session.id });
    return { accessToken, refreshToken };
  }

  /** A sign-in that completes at once (ID-card, magic): recorded, and a code issued for the browser's challenge. */
  async function completeImmediately(
    method: 'ID_CARD' | 'MAGIC',
    common: AuthorizeCommonFields,
    person: AuthenticatedPerson,
    clientAddress: string,
  ): Promise<string> {
    const session = await repository.insertAuthSession({
      method,
      status: 'COMPLETE',
      requestedPersonalId: person.personalId,
      clientState: common.clientState,
      codeChallenge: common.codeChallenge,
      clientAddress,
      personalId: person.personalId,
      personalIdCountryCode: person.countryCode,
      givenName: person.givenName,
      surname: person.surname,
      completedAt: now(),
    });
    return issueCodeFor(session);
  }

  const refusedOutcome = (session: AuthSession) => ({ status: 'COMPLETE', state: session.clientState, outcome: 'user_cancelled' }) as const;

  /** Records the end of a sign-in that failed at SK; a refusal is an outcome, any other failure an error. */
  async function endFailed(session: AuthSession, code: IdentityError['code']): Promise<StatusResult> {
    await repository.markFailed(session.id, code);
    deviceLinks.forget(session.id);
    if (code === 'user_cancelled') return refusedOutcome(session);
    throw new IdentityError(code);
  }

  /**
   * A device-link sign-in's status. A QR sign-in ends here, as the personal-code one does. A Web2App sign-in
   * ends only in the tab the app returns to (smartIdReturn): this tab waits, and then learns it happened there.
   */
  async function deviceLinkStatus(session: AuthSession): Promise<StatusResult> {
    if (session.status === 'FAILED' || session.status === 'CANCELLED') {
      if (session.failureCode === 'user_cancelled') return refusedOutcome(session);
      throw new IdentityError(toFailureCode(session.failureCode));
    }
    if (deviceLinks.isWeb2App(session)) return session.status === 'COMPLETE' ? signedInElsewhere(session.clientState) : { status: 'RUNNING' };
    if (session.status === 'RUNNING') {
      const result = await deviceLinks.poll(session, STATUS_LONG_POLL_MS);
      if (result.status === 'RUNNING') return { status: 'RUNNING' };
      if (result.status === 'FAILED') return endFailed(session, result.code);
      await completeWith(session, result.person, result.documentNumber);
    }
    return { status: 'COMPLETE', state: session.clientState, code: await issueCodeFor({ ...session, status: 'COMPLETE' }) };
  }

  /** Records the person; a Smart-ID account too, so signing asks that device by notification (decision 38). */
  async function completeWith(session: AuthSession, person: AuthenticatedPerson, documentNumber?: string): Promise<void> {
    await repository.markComplete(
      session.id,
      { personalId: person.personalId, personalIdCountryCode: person.countryCode, givenName: person.givenName, surname: person.surname },
      documentNumber,
    );
    deviceLinks.forget(session.id);
  }

  return {
    /** Starts Smart-ID or Mobile-ID: the hash is ours, random per attempt; the user sees its verification code. */
    async start(method: MobileIdentityMethod, typed: StartInput) {
      // The number as Mobile-ID takes it, however it was typed: what is asked, kept and carried on is this one.
      const phoneNumber = typed.phoneNumber === undefined ? undefined : mobileIdPhoneNumber(typed.phoneNumber);
      const input = { ...typed, ...(phoneNumber ? { phoneNumber } : {}) };
      const hashType = hashTypes[method];
      const hash = new Uint8Array(
        createHash(hashType === 'SHA512' ? 'sha512' : 'sha256')
          .update(randomBytes(64))
          .digest(),
      );
      // Recorded before SK is asked (the routes' rate limits have counted it already).
      const session = await repository.insertAuthSession({
        method,
        requestedPersonalId: input.personalId,
        phoneNumber: input.phoneNumber,
        signedHash: Buffer.from(hash).toString('base64'),
        hashType,
        clientState: input.clientState,
        codeChallenge: input.codeChallenge,
        clientAddress: input.clientAddress,
      });
      try {
        const { providerSessionId } = await providers[method].start({
          personalId: input.personalId,
          ...(input.phoneNumber ? { phoneNumber: input.phoneNumber } : {}),
          ...(input.language ? { locale: input.language } : {}),
          hash,
          hashType,
        });
        await repository.setProviderSession(session.id, providerSessionId);
      } catch (error) {
        await repository.markFailed(session.id, error instanceof IdentityError ? error.code : 'unexpected');
        throw error;
      }
      return { authenticationSessionId: session.id, verificationCode: verificationCodes[method](hash) };
    },

    /**
     * One status call: RUNNING; COMPLETE with the client state and a fresh code; COMPLETE with the client
     * state and the outcome when the person refused on the phone or cancelled (an outcome, not a failed
     * request, as SK answers it); or an IdentityError for any other failure.
     */
    async status(method: MobileIdentityMethod, authenticationSessionId: string): Promise<StatusResult> {
      const session = await repository.findAuthSession(authenticationSessionId, method);
      if (!session) throw new AppError('NOT_FOUND', 'No such sign-in.');
      const refused = { status: 'COMPLETE', state: session.clientState, outcome: 'user_cancelled' } as const;
      if (session.status === 'FAILED' || session.status === 'CANCELLED') {
        if (session.failureCode === 'user_cancelled') return refused;
        throw new IdentityError(toFailureCode(session.failureCode));
      }
      if (method === 'SMART_ID' && session.deviceLink) return deviceLinkStatus(session);
      if (session.status === 'RUNNING') {
        const result = await providers[method].poll({
          providerSessionId: session.providerSessionId ?? '',
          personalId: session.requestedPersonalId ?? '',
          hash: new Uint8Array(Buffer.from(session.signedHash ?? '', 'base64')),
          hashType: (session.hashType ?? hashTypes[method]) as HashType,
          timeoutMs: STATUS_LONG_POLL_MS,
        });
        if (result.status === 'RUNNING') return { status: 'RUNNING' };
        if (result.status === 'FAILED') {
          await repository.markFailed(session.id, result.code);
          if (result.code === 'user_cancelled') return refused;
          throw new IdentityError(result.code);
        }
        // Smart-ID names the account the person confirmed on; signing asks that same device.
        await completeWith(session, result.person, result.documentNumber);
      }
      return { status: 'COMPLETE', state: session.clientState, code: await issueCodeFor({ ...session, status: 'COMPLETE' }) };
    },

    /** Smart-ID by QR code or app link: recorded, then SK is asked; the person is read from the certificate. */
    async startDeviceLink(input: SmartIdDeviceLinkStartRequest & { clientAddress: string }): Promise<DeviceLinkStart> {
      const session = await repository.insertAuthSession({
        method: 'SMART_ID',
        clientState: input.clientState,
        codeChallenge: input.codeChallenge,
        clientAddress: input.clientAddress,
      });
      try {
        return await deviceLinks.start(session, input.flow, input.language);
      } catch (error) {
        await repository.markFailed(session.id, error instanceof IdentityError ? error.code : 'unexpected');
        throw error;
      }
    },

    /** A running QR sign-in's link for this second. */
    async deviceLink(authenticationSessionId: string, language: SmartIdDeviceLinkStartRequest['language']): Promise<{ deviceLink: string }> {
      return { deviceLink: await deviceLinks.deviceLink(authenticationSessionId, language) };
    },

    /** The Smart-ID app's return to this browser after a Web2App sign-in: checked, spent, and answered with a code. */
    async smartIdReturn(input: SmartIdCallbackRequest, cookie: string | undefined): Promise<StatusResult> {
      const session = await repository.findAuthSession(input.authenticationSessionId, 'SMART_ID');
      if (!session || session.status !== 'RUNNING') throw new AppError('NOT_FOUND', 'No sign-in to return to in this browser.');
      const result = await deviceLinks.checkReturn(session, input, cookie, RETURN_LONG_POLL_MS);
      if (result.status === 'RUNNING') return { status: 'RUNNING' };
      if (result.status === 'FAILED') return endFailed(session, result.code);
      await completeWith(session, result.person, result.documentNumber);
      return { status: 'COMPLETE', state: session.clientState, code: await issueCodeFor({ ...session, status: 'COMPLETE' }) };
    },

    /** The Smart-ID account (document number) a user session was opened with, if it was opened with Smart-ID. */
    smartIdDeviceOf: (userSessionId: string): Promise<string | undefined> => repository.smartIdDocumentNumberOf(userSessionId),

    async cancel(method: MobileIdentityMethod, authenticationSessionId: string): Promise<void> {
      await repository.markCancelled(authenticationSessionId, method);
      deviceLinks.forget(authenticationSessionId);
    },

    completeIdCard: (common: AuthorizeCommonFields, person: AuthenticatedPerson, clientAddress: string) =>
      completeImmediately('ID_CARD', common, person, clientAddress),

    /** Exchanges a code for tokens: single use, unexpired, and only with the verifier of its challenge. */
    async exchangeCode(authorizationCode: string, codeVerifier: string): Promise<TokenResponse> {
      const codeHash = tokenHash(authorizationCode);
      const session = await repository.consumeCode(codeHash, now());
      if (!session) {
        const revoked = await repository.revokeSessionOfSpentCode(codeHash);
        if (revoked) liveSessions.forget(revoked);
        throw new AppError('UNAUTHORIZED', 'The authorization code or verifier is not valid.');
      }
      // The code is spent even when the verifier is wrong: a guessed verifier gets one try.
      if (codeChallengeS256(codeVerifier) !== session.codeChallenge) {
        throw new AppError('UNAUTHORIZED', 'The authorization code or verifier is not valid.');
      }
      return createTokens(
        {
          personalId: session.personalId ?? '',
          personalIdCountryCode: session.personalIdCountryCode ?? 'EE',
          givenName: session.givenName ?? '',
          surname: session.surname ?? '',
        },
        session.method as AuthenticationMethod,
        session.id,
        // Mobile-ID completed only because the number belongs to the person
        // (docs/eid-facts.md section 3).
        session.method === 'MOBILE_ID' ? (session.phoneNumber ?? undefined) : undefined,
      );
    },

    /** Magic sign-in (test and demo environments only): tokens at once. */
    magicSignIn: (person: CompletedPerson): Promise<TokenResponse> => createTokens(person, 'MAGIC'),

    async refresh(refreshToken: string): Promise<TokenResponse> {
      const nextRefreshToken = randomToken();
      const result = await repository.rotateRefreshToken(tokenHash(refreshToken), tokenHash(nextRefreshToken), isSessionAlive);
      if (result.outcome === 'reused') liveSessions.forget(result.sessionId);
      if (result.outcome !== 'rotated') throw new AppError('UNAUTHORIZED', 'The session has ended. Sign in again.');
      const { session } = result;
      const phoneNumber =
        session.authenticationMethod === 'MOBILE_ID' && session.authSessionId ? await repository.mobileIdPhoneOf(session.authSessionId) : undefined;
      const accessToken = await accessTokens.issue({
        personalId: session.personalId,
        personalIdCountryCode: session.personalIdCountryCode,
        givenName: session.givenName,
        surname: session.surname,
        authenticationMethod: session.authenticationMethod as AuthenticationMethod,
        phoneNumber,
        sessionId: session.id,
      });
      return { accessToken, refreshToken: nextRefreshToken };
    },

    async logout(refreshToken: string): Promise<void> {
      const sessionId = await repository.revokeSessionByRefreshToken(tokenHash(refreshToken), 'logout');
      if (sessionId) liveSessions.forget(sessionId);
    },

    /**
     * Whether a verified access token's session is alive: not ended by logout or refresh-token reuse, nor
     * idle too long (as isSessionAlive). Asked on every authenticated request; see sessionCheckCacheMs.
     */
    async isSessionLive(sessionId: string): Promise<boolean> {
      const at = now().getTime();
      const known = liveSessions.lastRefreshedAt(sessionId);
      // The idle timeout is checked at every use; an idle-looking session is asked again, as a refresh elsewhere may have renewed it.
      if (known !== undefined && at - known < idleTimeoutMs) return true;
      const lastRefreshedAt = await repository.liveSessionRefreshedAt(sessionId, new Date(at - idleTimeoutMs));
      if (!lastRefreshedAt) {
        liveSessions.forget(sessionId);
        return false;
      }
      liveSessions.remember(sessionId, lastRefreshedAt.getTime());
      return true;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function toFailureCode(value: string | null): IdentityError['code'] {
  return (value ?? 'unexpected') as IdentityError['code'];
}

/** Sessions kept at most; the least recently used goes first. */
const LIVE_SESSIONS_KEPT = 10_000;

/** Sessions found alive, with when they were last refreshed, each trusted for `ttlMs` (0: not kept) on the service's clock. */
function createLiveSessionCache(ttlMs: number, clock: () => number) {
  // ttlResolution 0: the clock is read at every look-up, so a session is not trusted a moment past its time.
  const sessions = ttlMs > 0 ? new LRUCache<string, number>({ max: LIVE_SESSIONS_KEPT, ttl: ttlMs, ttlResolution: 0, perf: { now: clock } }) : undefined;
  return {
    lastRefreshedAt: (sessionId: string): number | undefined => sessions?.get(sessionId),
    remember: (sessionId: string, lastRefreshedAt: number): void => void sessions?.set(sessionId, lastRefreshedAt),
    forget: (sessionId: string): void => void sessions?.delete(sessionId),
  };
}
