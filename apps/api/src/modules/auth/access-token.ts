import { accessTokenPayloadSchema, CLIENT_ID, type AccessTokenPayload, type AuthenticationMethod } from '@onboarding/domain';
import { jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_ALGORITHM, type SigningKey } from './signing-key.js';

export type AccessTokenSubject = {
  personalId: string;
  personalIdCountryCode: string;
  givenName: string;
  surname: string;
  authenticationMethod: AuthenticationMethod;
  sessionId: string;
};

export type AccessTokens = {
  issue(subject: AccessTokenSubject): Promise<string>;
  /** The verified claims, or null for a token that is forged, expired or not ours. */
  verify(token: string): Promise<AccessTokenPayload | null>;
};

/** Access tokens are short-lived JWTs (ES256) naming the person, the method and the session (sid). */
export function createAccessTokens(options: { key: SigningKey; issuer: string; ttlSeconds: number }): AccessTokens {
  const { key, issuer, ttlSeconds } = options;
  return {
    issue: (subject) =>
      new SignJWT({
        personalId: subject.personalId,
        personalIdCountryCode: subject.personalIdCountryCode,
        givenName: subject.givenName,
        surname: subject.surname,
        authenticationMethod: subject.authenticationMethod,
        sid: subject.sessionId,
      })
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: key.keyId, typ: 'at+jwt' })
        .setSubject(`${subject.personalIdCountryCode}${subject.personalId}`)
        .setIssuer(issuer)
        .setAudience(CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key.privateKey),

    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key.publicKey, {
          issuer,
          audience: CLIENT_ID,
          algorithms: [ACCESS_TOKEN_ALGORITHM],
          typ: 'at+jwt',
        });
        const parsed = accessTokenPayloadSchema.safeParse(payload);
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}
