import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { DEVICE_LINK_FLOWS } from './auth.js';
import { validationIssue } from '../validation/codes.js';
import { validationErrorMap as error } from '../validation/zod-issues.js';
import { mobileIdPhone, object, requiredText } from './fields.js';
import { applicationViewSchema } from './onboarding.js';

/**
 * Signing the contract with PIN2 (docs/requirements.md sections 2 and 4):
 * Smart-ID, Mobile-ID, or the ID-card in the browser. The contract's SHA-256 is
 * what every method signs.
 */
export const SIGNING_METHODS = ['SMART_ID', 'MOBILE_ID', 'ID_CARD'] as const;
export type SigningMethod = (typeof SIGNING_METHODS)[number];

/** The hash every method signs: SHA-256 of the contract's bytes. */
export const CONTRACT_HASH_TYPE = 'SHA256';

const base64 = () => requiredText({ max: 16_384, rules: [(value) => (/^[A-Za-z0-9+/]+={0,2}$/.test(value) ? null : validationIssue('invalidFormat'))] });

export const startSigningRequestSchema = z.discriminatedUnion(
  'method',
  [
    /**
     * flow: how the phone is reached when the person did not sign in with Smart-ID, so the account is chosen by
     * QR code (a computer) or the app's link (this phone); QR unless given. language: the link's fallback page.
     */
    object({
      method: z.literal('SMART_ID', { error }),
      flow: z.enum(DEVICE_LINK_FLOWS, { error }).optional(),
      language: z.enum(LOCALES, { error }).optional(),
    }),
    /** language: the person's UI language, for the phone prompt and its text (else the contract's language). */
    object({ method: z.literal('MOBILE_ID', { error }), phoneNumber: mobileIdPhone(), language: z.enum(LOCALES, { error }).optional() }),
    /** The ID-card's signing certificate as the browser's signing interface read it (base64 DER). */
    object({ method: z.literal('ID_CARD', { error }), certificate: base64() }),
  ],
  { error },
);
export type StartSigningRequest = z.infer<typeof startSigningRequestSchema>;

export const startSigningResponseSchema = z.object({
  signingSessionId: z.string(),
  /** Smart-ID and Mobile-ID: the code the phone shows with the PIN2 prompt. */
  verificationCode: z.string().optional(),
  /**
   * Smart-ID without a Smart-ID sign-in: the QR code's or app's link the account is chosen by (linked signing,
   * decision 38), how, and for how many seconds. A QR's link is renewed every second (deviceLink endpoint).
   */
  deviceLink: z.string().optional(),
  deviceLinkFlow: z.enum(DEVICE_LINK_FLOWS).optional(),
  expiresInSeconds: z.number().int().positive().optional(),
  /** ID-card: the hash for the card to sign (base64), and its type. */
  hash: z.string().optional(),
  hashType: z.literal(CONTRACT_HASH_TYPE).optional(),
});
export type StartSigningResponse = z.infer<typeof startSigningResponseSchema>;

/**
 * docs/requirements.md section 4 signing states, plus SIGNED once the
 * application is submitted: waiting for PIN2 with the verification code,
 * terminated (the time ran out), unsuccessful, cancelled.
 */
export const SIGNING_STATUSES = ['WAITING_FOR_PIN2', 'TERMINATED', 'UNSUCCESSFUL', 'CANCELLED', 'SIGNED'] as const;
export type SigningStatus = (typeof SIGNING_STATUSES)[number];

export const signingStatusSchema = z.object({
  state: z.enum(SIGNING_STATUSES),
  verificationCode: z.string().optional(),
  /** Smart-ID by QR code or app link: true until the person has chosen the account in the app; PIN2 follows there. */
  isChoosingAccount: z.boolean().optional(),
  /** Why it ended unsuccessfully: a lowercase code of docs/requirements.md section 8, or already_submitted / contract_changed. */
  failureCode: z.string().optional(),
  /** With SIGNED: the submitted application. */
  application: applicationViewSchema.optional(),
});
export type SigningStatusResponse = z.infer<typeof signingStatusSchema>;

export const idCardSignatureRequestSchema = object({ signature: base64() });
export type IdCardSignatureRequest = z.infer<typeof idCardSignatureRequestSchema>;

/**
 * How the contract PDF is answered: as a file to save (the default), or `inline`, to open in the browser's PDF viewer
 * ("Read the contract" before signing: reading it should not leave a file in the downloads).
 */
export const contractQuerySchema = z.object({ disposition: z.enum(['attachment', 'inline'], { error }).default('attachment') });

/** A QR code's link for this second, while the person chooses the Smart-ID account to sign with. */
export const signingDeviceLinkQuerySchema = z.object({ language: z.enum(LOCALES, { error }) });
export const signingDeviceLinkResponseSchema = z.object({ deviceLink: z.string() });
export type SigningDeviceLinkResponse = z.infer<typeof signingDeviceLinkResponseSchema>;

/**
 * The Smart-ID app's return to this phone's browser after the account was chosen (Web2App): the session and
 * one-time value its address carried, and the digest the app adds (docs/eid-facts.md section 1.10).
 */
export const signingReturnRequestSchema = object({
  signingSessionId: z.uuid({ error }),
  value: requiredText({ max: 128 }),
  sessionSecretDigest: requiredText({ max: 128 }),
});
export type SigningReturnRequest = z.infer<typeof signingReturnRequestSchema>;
