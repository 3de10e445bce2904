import { constants, createHash, createHmac, sign, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import { smartIdVerificationCode } from '@onboarding/domain';

/*
 * The Smart-ID RP API v3 rules that the client and the stand-in must agree on byte for byte
 * (docs/eid-facts.md sections 1.9 and 1.10): one definition for both sides, so a change here
 * changes what is sent, what is signed and what is checked together.
 */

/** SK's DEMO host: its signed payloads and device links name the scheme `smart-id-demo` (docs/eid-facts.md section 2). */
export const SMART_ID_DEMO_HOST = 'sid.demo.sk.ee';
export const SCHEME_NAME_LIVE = 'smart-id';
export const SCHEME_NAME_DEMO = 'smart-id-demo';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The scheme name for a base URL: `smart-id-demo` at SK's DEMO host and at a loopback address
 * (SK's services are never there; only our stand-in is), else `smart-id`. SMART_ID_SCHEME_NAME
 * overrides it (config.ts), e.g. for the stand-in on a host name of its own.
 */
export const schemeNameFor = (baseUrl: string): string => {
  const { hostname } = new URL(baseUrl);
  return hostname === SMART_ID_DEMO_HOST || LOOPBACK_HOSTS.has(hostname) ? SCHEME_NAME_DEMO : SCHEME_NAME_LIVE;
};

/** The hash algorithms the v3 requests name, with Node's name and digest length (salt length for RSASSA-PSS). */
export const V3_HASH_ALGORITHMS = {
  'SHA-256': { node: 'sha256', bytes: 32 },
  'SHA-384': { node: 'sha384', bytes: 48 },
  'SHA-512': { node: 'sha512', bytes: 64 },
} as const;
export type V3HashAlgorithm = keyof typeof V3_HASH_ALGORITHMS;

export const isV3HashAlgorithm = (value: string): value is V3HashAlgorithm => Object.hasOwn(V3_HASH_ALGORITHMS, value);

export type FlowType = 'QR' | 'Web2App' | 'App2App' | 'Notification';
export type DeviceLinkType = Exclude<FlowType, 'Notification'>;
export type SessionType = 'auth' | 'sign' | 'cert';

const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

/**
 * The `interactions` field: Base64 of a JSON array with one displayTextAndPIN entry. A pure function of
 * the display text, so the poll rebuilds exactly the string the start sent (the signed payload hashes it;
 * docs/eid-facts.md section 1.9).
 */
export const interactionsFor = (displayText: string): string => b64(JSON.stringify([{ type: 'displayTextAndPIN', displayText60: displayText }]));

/** The fields of the ACSP_V2 payload, each as sent or answered (Base64 values as text, never decoded). */
export type AcspV2Fields = {
  schemeName: string;
  serverRandom: string;
  /** Base64, as sent. */
  rpChallenge: string;
  /** Base64URL, as answered. */
  userChallenge: string;
  relyingPartyName: string;
  brokeredRpName?: string;
  /** The Base64 interactions string exactly as sent. */
  interactions: string;
  interactionTypeUsed: string;
  /** Empty for QR and notification flows. */
  initialCallbackUrl?: string;
  flowType: FlowType;
};

/** What an authentication's signature covers (docs/eid-facts.md section 1.9), `|`-joined, UTF-8. */
export const acspV2Payload = (fields: AcspV2Fields): Buffer =>
  Buffer.from(
    [
      fields.schemeName,
      'ACSP_V2',
      fields.serverRandom,
      fields.rpChallenge,
      fields.userChallenge,
      b64(fields.relyingPartyName),
      b64(fields.brokeredRpName ?? ''),
      createHash('sha256').update(fields.interactions, 'utf8').digest('base64'),
      fields.interactionTypeUsed,
      fields.initialCallbackUrl ?? '',
      fields.flowType,
    ].join('|'),
    'utf8',
  );

// RSASSA-PSS with MGF1 over the same hash and a salt as long as the hash (docs/eid-facts.md section 1.9).
const pssKey = (key: KeyObject, hashAlgorithm: V3HashAlgorithm) => ({
  key,
  padding: constants.RSA_PKCS1_PSS_PADDING,
  saltLength: V3_HASH_ALGORITHMS[hashAlgorithm].bytes,
});

export const signPss = (privateKey: KeyObject, data: Uint8Array, hashAlgorithm: V3HashAlgorithm): Buffer =>
  sign(V3_HASH_ALGORITHMS[hashAlgorithm].node, data, pssKey(privateKey, hashAlgorithm));

export const verifyPss = (publicKey: KeyObject, data: Uint8Array, hashAlgorithm: V3HashAlgorithm, signature: Uint8Array): boolean => {
  if (publicKey.asymmetricKeyType !== 'rsa') return false;
  try {
    return verify(V3_HASH_ALGORITHMS[hashAlgorithm].node, data, pssKey(publicKey, hashAlgorithm), signature);
  } catch {
    return false;
  }
};

/**
 * The code a notification sign-in shows: SHA-256 of the rpChallenge bytes, the last two bytes big-endian,
 * mod 10000, four digits (docs/eid-facts.md section 1.9). The same rule as v2's over the hash, so one
 * definition serves both (packages/domain).
 */
export const notificationVerificationCode = (rpChallenge: Uint8Array): string => smartIdVerificationCode(rpChallenge);

/** Base64URL without padding (RFC 4648 section 5), as the device-link values are written. */
export const base64Url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

/** sessionSecretDigest = Base64URL(SHA-256(decoded sessionSecret)) (docs/eid-facts.md section 1.10). */
export const sessionSecretDigest = (sessionSecret: string): string => base64Url(createHash('sha256').update(Buffer.from(sessionSecret, 'base64')).digest());

/** userChallenge = Base64URL(SHA-256(userChallengeVerifier as text, not decoded)) (docs/eid-facts.md section 1.10). */
export const userChallengeOf = (userChallengeVerifier: string): string => base64Url(createHash('sha256').update(userChallengeVerifier, 'utf8').digest());

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Whether a same-device return's digest names this session's secret (docs/eid-facts.md section 1.10); constant time. */
export const isSessionSecretDigest = (sessionSecret: string, digest: string): boolean => sameText(sessionSecretDigest(sessionSecret), digest);

/**
 * The callback checks of a same-device sign-in (docs/eid-facts.md section 1.10): the digest names our
 * session's secret and the verifier hashes to the userChallenge the session answered. Constant-time compares.
 */
export const isValidCallback = (input: {
  sessionSecret: string;
  sessionSecretDigest: string;
  userChallengeVerifier: string;
  userChallenge: string;
}): boolean => {
  const digestOk = isSessionSecretDigest(input.sessionSecret, input.sessionSecretDigest);
  const challengeOk = sameText(userChallengeOf(input.userChallengeVerifier), input.userChallenge);
  return digestOk && challengeOk;
};

/** The link's parameters, in SK's order (docs/eid-facts.md section 1.10). */
export type DeviceLinkParameters = {
  deviceLinkBase: string;
  deviceLinkType: DeviceLinkType;
  /** QR only: whole seconds since the session was created. */
  elapsedSeconds?: number;
  sessionToken: string;
  sessionType: SessionType;
  lang: string;
};

/** The link without `&authCode=…`; parameters in SK's order, not URL-encoded (docs/eid-facts.md section 1.10). */
export const unprotectedDeviceLink = (link: DeviceLinkParameters): string =>
  `${link.deviceLinkBase}?deviceLinkType=${link.deviceLinkType}` +
  (link.deviceLinkType === 'QR' ? `&elapsedSeconds=${String(link.elapsedSeconds ?? 0)}` : '') +
  `&sessionToken=${link.sessionToken}&sessionType=${link.sessionType}&version=1.0&lang=${link.lang}`;

/** What the authCode binds besides the link itself. */
export type AuthCodeContext = {
  schemeName: string;
  /** ACSP_V2 for sign-in, RAW_DIGEST_SIGNATURE for signing, empty for certificate choice. */
  signatureProtocol: string;
  /** rpChallenge (sign-in) or the Base64 digest (signing), as sent; empty for certificate choice. */
  challenge: string;
  relyingPartyName: string;
  brokeredRpName?: string;
  /** The Base64 interactions as sent; empty for certificate choice. */
  interactions: string;
  /** Empty for QR. */
  initialCallbackUrl?: string;
};

/**
 * authCode = Base64URL(HMAC-SHA256(key = decoded sessionSecret, payload)), payload
 * `schemeName|signatureProtocol|challenge|b64(rpName)|b64(brokeredRpName)|interactions|initialCallbackUrl|unprotectedLink`
 * (docs/eid-facts.md section 1.10).
 */
export const authCode = (sessionSecret: string, context: AuthCodeContext, unprotectedLink: string): string => {
  const payload = [
    context.schemeName,
    context.signatureProtocol,
    context.challenge,
    b64(context.relyingPartyName),
    b64(context.brokeredRpName ?? ''),
    context.interactions,
    context.initialCallbackUrl ?? '',
    unprotectedLink,
  ].join('|');
  return base64Url(createHmac('sha256', Buffer.from(sessionSecret, 'base64')).update(payload, 'utf8').digest());
};

/** The whole device link: the unprotected link and its authCode. */
export const buildDeviceLink = (link: DeviceLinkParameters, sessionSecret: string, context: AuthCodeContext): string => {
  const unprotected = unprotectedDeviceLink(link);
  return `${unprotected}&authCode=${authCode(sessionSecret, context, unprotected)}`;
};

const DEVICE_LINK =
  /^([^?#]+)\?deviceLinkType=(QR|Web2App|App2App)(?:&elapsedSeconds=(\d+))?&sessionToken=([A-Za-z0-9]+)&sessionType=(auth|sign|cert)&version=1\.0&lang=([a-z]{3})&authCode=([A-Za-z0-9_-]+)$/;

/** A device link read back: its parameters, its authCode and the unprotected part the code covers. */
export type ParsedDeviceLink = DeviceLinkParameters & { authCode: string; unprotected: string };

/** Reads a device link written by buildDeviceLink; null for anything else (order, parameters or encoding). */
export const parseDeviceLink = (link: string): ParsedDeviceLink | null => {
  const match = DEVICE_LINK.exec(link);
  if (match === null) return null;
  const [, deviceLinkBase = '', deviceLinkType = '', elapsed, sessionToken = '', sessionType = '', lang = '', code = ''] = match;
  // elapsedSeconds belongs to QR links only.
  if ((deviceLinkType === 'QR') !== (elapsed !== undefined)) return null;
  const parameters: DeviceLinkParameters = {
    deviceLinkBase,
    deviceLinkType: deviceLinkType as DeviceLinkType,
    ...(elapsed === undefined ? {} : { elapsedSeconds: Number(elapsed) }),
    sessionToken,
    sessionType: sessionType as SessionType,
    lang,
  };
  return { ...parameters, authCode: code, unprotected: link.slice(0, link.lastIndexOf('&authCode=')) };
};

/** Whether a link's authCode is the one the session's secret gives (constant time). */
export const hasValidAuthCode = (link: ParsedDeviceLink, sessionSecret: string, context: AuthCodeContext): boolean =>
  sameText(authCode(sessionSecret, context, link.unprotected), link.authCode);
