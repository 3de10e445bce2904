import { accessTokenPayloadSchema, CLIENT_ID, type AccessTokenPayload, type AuthenticationMethod } from '@onboarding/domain';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { ACCESS_TOKEN_ALGORITHM, keyForToken, type SigningKeyRing } from './signing-key.js';

export type AccessTokenSubject = {
  personalId: string;
  personalIdCountryCode: string;
  givenName: string;
  surname: string;
  authenticationMethod: AuthenticationMethod;
  /** The phone number of a Mobile-ID sign-in, as sent to Mobile-ID, which confirmed it with the personal code. */
  phoneNumber?: string;
  sessionId: string;
};

export type AccessTokens = {
  issue(subject: AccessTokenSubject): Promise<string>;
  /** The verified claims, or null for a token that is forged, expired or not ours. */
  verify(token: string): Promise<AccessTokenPayload | null>;
};

/** Verified tokens kept at most, the least recently used dropped first: a few MB at most. */
const VERIFIED_TOKENS_KEPT = 4096;

/**
 * Access tokens are short-lived JWTs (ES256) naming the person, the method and the session (sid).
 *
 * Checking the ES256 signature cost about an eighth of a read request's CPU, and a browser sends the
 * same token with every call for minutes. Whether a token's signature, issuer and audience are right
 * cannot change, so a verified token's claims are kept, keyed by the whole token, until it expires;
 * its expiry is checked again at every use, as jose checks it. A token that fails is not kept. This
 * says nothing about the session: requireUser asks the auth service for that (docs/decisions/0006).
 */
export function createAccessTokens(options: { keys: SigningKeyRing; issuer: string; ttlSeconds: number }): AccessTokens {
  const { keys, issuer, ttlSeconds } = options;
  const verified = new LRUCache<string, AccessTokenPayload>({ max: VERIFIED_TOKENS_KEPT });
  // jose's check: expired when exp is not after the current whole second.
  const isExpired = (claims: AccessTokenPayload) => claims.exp <= Math.floor(Date.now() / 1000);

  return {
    issue: (subject) => {
      const key = keys.current;
      return new SignJWT({
        personalId: subject.personalId,
        personalIdCountryCode: subject.personalIdCountryCode,
        givenName: subject.givenName,
        surname: subject.surname,
        authenticationMethod: subject.authenticationMethod,
        ...(subject.phoneNumber ? { phoneNumber: subject.phoneNumber } : {}),
        sid: subject.sessionId,
      })
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: key.keyId, typ: 'at+jwt' })
        .setSubject(`${subject.personalIdCountryCode}${subject.personalId}`)
        .setIssuer(issuer)
        .setAudience(CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key.privateKey);
    },

    verify: async (token) => {
      const known = verified.get(token);
      if (known) {
        if (!isExpired(known)) return known;
        verified.delete(token);
        return null;
      }
      try {
        // The key the token names, among those still valid: several are while one replaces another.
        const key = await keyForToken(keys, token, CLIENT_ID);
        if (!key) return null;
        const { payload } = await jwtVerify(token, key.publicKey, {
          issuer,
          audience: CLIENT_ID,
          algorithms: [ACCESS_TOKEN_ALGORITHM],
          typ: 'at+jwt',
        });
        const parsed = accessTokenPayloadSchema.safeParse(payload);
        if (!parsed.success) return null;
        // Shared by every request that brings this token: nobody may change it.
        const claims = Object.freeze(parsed.data);
        verified.set(token, claims);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
