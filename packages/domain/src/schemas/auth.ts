import { z } from 'zod';
import { CLIENT_STATE_LENGTH, CODE_CHALLENGE_METHOD, CODE_VERIFIER_LENGTH, DEFAULT_COUNTRY_CODE, LOCALES } from '../constants.js';
import { validationErrorMap as error } from '../validation/zod-issues.js';
import { looseObject, mobileIdPhone, object, oneOf, personalId, phone, requiredText, strictObject } from './fields.js';
import { validationIssue } from '../validation/codes.js';

/** Sign-in methods (docs/requirements.md section 3). */
export const AUTHENTICATION_METHODS = ['ID_CARD', 'MOBILE_ID', 'SMART_ID', 'MAGIC'] as const;
export type AuthenticationMethod = (typeof AUTHENTICATION_METHODS)[number];

export const AUTHENTICATION_STATUSES = ['RUNNING', 'COMPLETE'] as const;
export type AuthenticationStatus = (typeof AUTHENTICATION_STATUSES)[number];

export const AUTHENTICATION_RESULTS = ['FAILED', 'COMPLETED'] as const;
export type AuthenticationResult = (typeof AUTHENTICATION_RESULTS)[number];

export const CHANNEL = 'PUBLIC_WEB';
export const CLIENT_ID = 'onboarding';
export const RESPONSE_TYPE = 'code';
export const GRANT_TYPE = 'AUTHORIZATION_CODE';

// RFC 7636: the verifier uses the unreserved characters; state shares the alphabet.
const unreserved = (length: number) =>
  z
    .string({ error })
    .length(length, { error })
    .regex(/^[A-Za-z0-9\-._~]+$/, { error });
// A base64url SHA-256 digest is 43 characters.
const codeChallenge = z.string({ error }).regex(/^[A-Za-z0-9_-]{43}$/, { error });

/** Fields every start request sends (docs/requirements.md section 3). */
export const authorizeCommonFieldsSchema = object({
  responseType: z.literal(RESPONSE_TYPE, { error }),
  clientId: z.literal(CLIENT_ID, { error }),
  channel: z.literal(CHANNEL, { error }),
  clientState: unreserved(CLIENT_STATE_LENGTH),
  codeChallenge,
  codeChallengeMethod: z.literal(CODE_CHALLENGE_METHOD, { error }),
});
export type AuthorizeCommonFields = z.infer<typeof authorizeCommonFieldsSchema>;

/** What the user types for Mobile-ID; also the form schema. */
export const mobileIdStartInputSchema = object({ personalId: personalId(), phoneNumber: mobileIdPhone() });
export type MobileIdStartInput = z.infer<typeof mobileIdStartInputSchema>;

/** What the user types for Smart-ID; the country is fixed to EE (docs/requirements.md section 3). */
export const smartIdStartInputSchema = object({ personalId: personalId() });
export type SmartIdStartInput = z.infer<typeof smartIdStartInputSchema>;

/** language: the person's UI language, in which Mobile-ID's phone prompt and text are shown (Estonian if absent). */
export const mobileIdStartRequestSchema = authorizeCommonFieldsSchema.extend({
  ...mobileIdStartInputSchema.shape,
  language: z.enum(LOCALES, { error }).optional(),
});
export type MobileIdStartRequest = z.infer<typeof mobileIdStartRequestSchema>;

export const smartIdStartRequestSchema = authorizeCommonFieldsSchema.extend({
  ...smartIdStartInputSchema.shape,
  personalIdCountryCode: z.literal(DEFAULT_COUNTRY_CODE, { error }),
});
export type SmartIdStartRequest = z.infer<typeof smartIdStartRequestSchema>;

/** ID-card: POST /authorize/eid carries the common fields only (docs/requirements.md section 7). */
export const idCardAuthorizeRequestSchema = authorizeCommonFieldsSchema;
export const idCardAuthorizeResponseSchema = object({ code: requiredText() });

/**
 * Simulated mode's ID-card sign-in (the simulated card reader): a challenge
 * nonce for the flow's code challenge, then the card's Web eID authentication
 * token over it (docs/eid-facts.md section 5.1 steps 1-4).
 */
export const idCardChallengeRequestSchema = object({ codeChallenge });
export const idCardChallengeResponseSchema = object({ nonce: requiredText() });
const webEidName = () => z.string({ error }).min(1, { error }).max(20, { error });
/** Format web-eid:1.1: a signing certificate of the card and the algorithms its key signs with (docs/eid-facts.md section 1.11). */
const webEidSigningCertificateSchema = object({
  certificate: z.string({ error }).min(1, { error }).max(10_000, { error }),
  supportedSignatureAlgorithms: z
    .array(object({ cryptoAlgorithm: webEidName(), hashFunction: webEidName(), paddingScheme: webEidName() }), { error })
    .max(20, { error }),
});
export const webEidAuthTokenSchema = object({
  unverifiedCertificate: z.string({ error }).min(1, { error }).max(10_000, { error }),
  algorithm: z.string({ error }).min(1, { error }).max(10, { error }),
  signature: z.string({ error }).min(1, { error }).max(2000, { error }),
  format: z.string({ error }).min(1, { error }).max(50, { error }),
  appVersion: z.string({ error }).max(300, { error }).optional(),
  unverifiedSigningCertificates: z.array(webEidSigningCertificateSchema, { error }).max(4, { error }).optional(),
});
export type WebEidAuthTokenInput = z.infer<typeof webEidAuthTokenSchema>;
export const simulatedIdCardAuthorizeRequestSchema = authorizeCommonFieldsSchema.extend({ nonce: requiredText(), authToken: webEidAuthTokenSchema });

/**
 * Start response (docs/requirements.md section 3) plus the verification code
 * the phone will show, computed by the server from the hash it sent
 * (docs/decisions/0005).
 */
export const authenticationStartResponseSchema = object({
  authenticationSessionId: requiredText(),
  verificationCode: z.string({ error }).regex(/^\d{4}$/, { error }),
});
export type AuthenticationStartResponse = z.infer<typeof authenticationStartResponseSchema>;

/**
 * Smart-ID by device link (docs/eid-facts.md section 1.10): no personal code is typed; the person is read from
 * the certificate. QR for a code scanned with another device, Web2App for the app on this phone.
 */
export const DEVICE_LINK_FLOWS = ['QR', 'Web2App'] as const;
export type DeviceLinkFlow = (typeof DEVICE_LINK_FLOWS)[number];

/** The languages of SK's fallback page a link may name (ISO 639-2), for the page's own language. */
export const DEVICE_LINK_LANGUAGES = { et: 'est', en: 'eng', ru: 'rus' } as const;

export const smartIdDeviceLinkStartRequestSchema = authorizeCommonFieldsSchema.extend({
  flow: z.enum(DEVICE_LINK_FLOWS, { error }),
  language: z.enum(['et', 'en', 'ru'], { error }),
});
export type SmartIdDeviceLinkStartRequest = z.infer<typeof smartIdDeviceLinkStartRequestSchema>;

/** The link is drawn as a QR code or opened as the app's link; a QR's link is renewed every second. */
export const smartIdDeviceLinkResponseSchema = object({ deviceLink: requiredText({ max: 2048 }) });
export type SmartIdDeviceLinkResponse = z.infer<typeof smartIdDeviceLinkResponseSchema>;

export const smartIdDeviceLinkStartResponseSchema = smartIdDeviceLinkResponseSchema.extend({
  authenticationSessionId: requiredText(),
  /** How long the person has, in seconds, before the code or link stops working. */
  expiresInSeconds: z.number({ error }).int({ error }).positive({ error }),
});
export type SmartIdDeviceLinkStartResponse = z.infer<typeof smartIdDeviceLinkStartResponseSchema>;

export const smartIdDeviceLinkQuerySchema = object({ language: z.enum(['et', 'en', 'ru'], { error }) });

/**
 * The Smart-ID app's return to this browser after a Web2App sign-in: the one-time value the link carried,
 * and the two values the app adds (docs/eid-facts.md section 1.10). The cookie set at the start goes along.
 */
export const smartIdCallbackRequestSchema = object({
  authenticationSessionId: z.uuid({ error }),
  value: requiredText({ max: 128 }),
  sessionSecretDigest: requiredText({ max: 128 }),
  userChallengeVerifier: requiredText({ max: 256 }),
});
export type SmartIdCallbackRequest = z.infer<typeof smartIdCallbackRequestSchema>;

/**
 * Sign-in outcomes the person chose, answered as a completed status (200), not as a failed request:
 * SK's services answer a refusal so too (state COMPLETE, endResult USER_REFUSED and the like).
 * The code is the docs/requirements.md section 8 code, shown as before (COMMON.USER_CANCEL).
 */
// signed_in_elsewhere: a Web2App sign-in finished in the tab the Smart-ID app opened, not in this one.
export const CHOSEN_SIGN_IN_OUTCOMES = ['user_cancelled', 'signed_in_elsewhere'] as const;
export type ChosenSignInOutcome = (typeof CHOSEN_SIGN_IN_OUTCOMES)[number];

/**
 * Status poll: RUNNING until COMPLETE, which then carries state and code (docs/requirements.md section 4);
 * or, when the person refused on the phone or cancelled, state and the outcome instead of a code. Other
 * failures stay 4xx error bodies with their section 8 code.
 */
export const authenticationStatusResponseSchema = z.union(
  [
    object({ status: z.literal('RUNNING', { error }) }),
    object({ status: z.literal('COMPLETE', { error }), state: requiredText(), code: requiredText() }),
    object({ status: z.literal('COMPLETE', { error }), state: requiredText(), outcome: z.enum(CHOSEN_SIGN_IN_OUTCOMES, { error }) }),
  ],
  { error },
);
export type AuthenticationStatusResponse = z.infer<typeof authenticationStatusResponseSchema>;

export const tokenRequestSchema = object({
  authorizationCode: requiredText(),
  codeVerifier: unreserved(CODE_VERIFIER_LENGTH),
  grantType: z.literal(GRANT_TYPE, { error }),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

// A JWT is longer than ordinary text fields.
const token = () => requiredText({ max: 8192 });

export const tokenResponseSchema = object({ accessToken: token(), refreshToken: token() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** Refresh: the refresh token is rotated on every use; an old one revokes the whole session. */
export const refreshRequestSchema = object({ refreshToken: token() });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/** Logout ends the session the refresh token belongs to. */
export const logoutRequestSchema = refreshRequestSchema;

/**
 * Claims of the access token (a JWT): who signed in, how
 * (docs/requirements.md section 3), which session, and until when (seconds
 * since the epoch). After a Mobile-ID sign-in also the phone number it was made
 * with, which Mobile-ID confirmed belongs to the person: the screens offer it
 * for the contact phone and for signing.
 */
export const accessTokenPayloadSchema = looseObject({
  sub: requiredText(),
  personalId: requiredText(),
  personalIdCountryCode: requiredText(),
  givenName: requiredText(),
  surname: requiredText(),
  authenticationMethod: oneOf(AUTHENTICATION_METHODS),
  phoneNumber: z.string({ error }).optional(),
  sid: requiredText(),
  iat: z.number({ error }).int({ error }),
  exp: z.number({ error }).int({ error }),
});
export type AccessTokenPayload = z.infer<typeof accessTokenPayloadSchema>;

const optionalString = z.string({ error }).optional();

/**
 * Magic sign-in payload (docs/requirements.md section 3): personalId falls back
 * to idCode, personalIdCountryCode to idCountry and then EE; other fields pass
 * through.
 */
export const magicSignInPayloadSchema = looseObject({
  personalId: optionalString,
  idCode: optionalString,
  personalIdCountryCode: optionalString,
  idCountry: optionalString,
})
  .transform(({ personalId: id, idCode, personalIdCountryCode, idCountry, ...rest }) => ({
    ...rest,
    channel: CHANNEL,
    personalId: id ?? idCode,
    personalIdCountryCode: personalIdCountryCode ?? idCountry ?? DEFAULT_COUNTRY_CODE,
  }))
  .superRefine((payload, ctx) => {
    if (!payload.personalId) ctx.addIssue({ code: 'custom', message: 'required', path: ['personalId'] });
  });
export type MagicSignInPayload = z.output<typeof magicSignInPayloadSchema>;

/** A text of `max` characters at most that matches `pattern` whole. */
const patterned = (pattern: RegExp, max: number) => requiredText({ max, rules: [(value) => (pattern.test(value) ? null : validationIssue('incorrectValue'))] });

/**
 * Authentication event: the sign-in payload plus visitorId and result
 * (docs/requirements.md section 3 and 7). The failed event needs no token and is kept for good, so it takes
 * exactly these fields, each well-formed and short: no free text, no object of the sender's choosing.
 */
export const authenticationEventSchema = strictObject({
  authenticationMethod: oneOf(AUTHENTICATION_METHODS).optional(),
  personalId: personalId().optional(),
  phoneNumber: phone().optional(),
  personalIdCountryCode: patterned(/^[A-Z]{2}$/, 2).optional(),
  /** A code such as SID.TIMEOUT or user_not_found. */
  errorCode: patterned(/^[A-Za-z0-9._-]+$/, 64).optional(),
  /** The browser's hash (64 hex digits from the web app). */
  visitorId: patterned(/^[A-Za-z0-9_-]+$/, 128),
  result: oneOf(AUTHENTICATION_RESULTS),
});
export type AuthenticationEvent = z.infer<typeof authenticationEventSchema>;
