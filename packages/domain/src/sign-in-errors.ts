/** Sign-in message keys (docs/requirements.md section 8); texts live in src/i18n/*.json. */
export const SIGN_IN_MESSAGE_KEYS = [
  'COMMON.TECHNICAL_ERROR',
  'COMMON.USER_CANCEL',
  'IDC.NO_CERTIFICATES',
  'IDC.NO_IMPLEMENTATION',
  'IDC.INVALID_CERTIFICATE',
  'MID.TIMEOUT',
  'MID.USER_NOT_FOUND',
  'MID.DEVICE_PROBLEM',
  'SID.TIMEOUT',
  'SID.USER_NOT_FOUND',
  'SID.DOCUMENT_UNUSABLE',
] as const;
export type SignInMessageKey = (typeof SIGN_IN_MESSAGE_KEYS)[number];

export type SignInMethodWithErrors = 'ID_CARD' | 'MOBILE_ID' | 'SMART_ID';

export type SignInError = { method: SignInMethodWithErrors; code: string; messageKey: SignInMessageKey };

/** The sign-in error catalogue of docs/requirements.md section 8, one row per method and code. */
export const SIGN_IN_ERRORS: readonly SignInError[] = [
  { method: 'ID_CARD', code: 'unexpected', messageKey: 'COMMON.TECHNICAL_ERROR' },
  { method: 'ID_CARD', code: 'no_certificate', messageKey: 'IDC.NO_CERTIFICATES' },
  { method: 'ID_CARD', code: 'no_implementation', messageKey: 'IDC.NO_IMPLEMENTATION' },
  { method: 'ID_CARD', code: 'invalid_certificate', messageKey: 'IDC.INVALID_CERTIFICATE' },
  { method: 'MOBILE_ID', code: 'timeout', messageKey: 'MID.TIMEOUT' },
  { method: 'MOBILE_ID', code: 'user_not_found', messageKey: 'MID.USER_NOT_FOUND' },
  { method: 'MOBILE_ID', code: 'user_cancelled', messageKey: 'COMMON.USER_CANCEL' },
  { method: 'MOBILE_ID', code: 'phone_absent', messageKey: 'MID.DEVICE_PROBLEM' },
  { method: 'MOBILE_ID', code: 'delivery_error', messageKey: 'MID.DEVICE_PROBLEM' },
  { method: 'MOBILE_ID', code: 'sim_error', messageKey: 'MID.DEVICE_PROBLEM' },
  { method: 'SMART_ID', code: 'timeout', messageKey: 'SID.TIMEOUT' },
  { method: 'SMART_ID', code: 'user_not_found', messageKey: 'SID.USER_NOT_FOUND' },
  { method: 'SMART_ID', code: 'user_cancelled', messageKey: 'COMMON.USER_CANCEL' },
  { method: 'SMART_ID', code: 'document_unusable', messageKey: 'SID.DOCUMENT_UNUSABLE' },
];

/** docs/requirements.md section 8: any other failure shows COMMON.TECHNICAL_ERROR. */
export const DEFAULT_SIGN_IN_MESSAGE_KEY: SignInMessageKey = 'COMMON.TECHNICAL_ERROR';

/** docs/requirements.md section 8: a cancellation maps to this code and shows nothing. */
export const USER_CANCEL_ERROR_CODE = 'web.user_cancel';

/** docs/requirements.md section 4: the returned state differs from the client state sent. */
export const SIGN_IN_VIOLATION_ERROR_CODE = 'sign_in_violation';

/** docs/requirements.md section 4: a poll with a maximum attempt count gave up. */
export const MAX_ATTEMPTS_REACHED_ERROR_CODE = 'max_attempts_reached';

export const signInMessageKey = (method: SignInMethodWithErrors, code: string | undefined): SignInMessageKey =>
  SIGN_IN_ERRORS.find((error) => error.method === method && error.code === code)?.messageKey ?? DEFAULT_SIGN_IN_MESSAGE_KEY;

/** Errors the ID-card plugin rejects with (docs/requirements.md section 8; docs/eid-facts.md section 5.2). */
export const ID_CARD_PLUGIN_ERRORS = [
  'user_cancel',
  'no_certificates',
  'invalid_argument',
  'driver_error',
  'technical_error',
  'no_implementation',
  'not_allowed',
] as const;
export type IdCardPluginError = (typeof ID_CARD_PLUGIN_ERRORS)[number];
