import { API_ERROR_STATUS, type ApiErrorBody, type ApiErrorCode, type FieldIssue, type RegisterChange } from '@onboarding/domain';

export type { ApiErrorCode, FieldIssue };

/** Each code's message when the error gives none; the OpenAPI document lists them with each operation's answers. */
export const DEFAULT_MESSAGES: Record<ApiErrorCode, string> = {
  VALIDATION_FAILED: 'The request has invalid fields.',
  MALFORMED_REQUEST: 'The request could not be read.',
  UNAUTHORIZED: 'Sign in to continue.',
  FORBIDDEN: 'This is not allowed.',
  NOT_FOUND: 'Not found.',
  METHOD_NOT_ALLOWED: 'This method is not allowed here.',
  STALE_VERSION: 'The data has changed since it was loaded.',
  CONFLICT: 'The request conflicts with the current state.',
  COMPANY_MISMATCH: 'The step names another company than the application’s.',
  CONSENT_REQUIRED: 'Consent to registry queries is required first.',
  REGISTER_CHANGED: 'The business register has changed since the application read it.',
  COMPANY_IN_REGISTER: 'The business register decides about this company: choose it from the list of companies.',
  MANUAL_APPLICATION_LIMIT: 'Too many applications for companies entered by hand are in progress.',
  IDEMPOTENCY_KEY_REQUIRED: 'An Idempotency-Key header is required.',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was used for another request.',
  APPLICATION_DECIDED: 'The application already has its final decision.',
  APPLICATION_NOT_SUBMITTED: 'The application is not submitted now.',
  FEE_ALREADY_INVOICED: 'The application’s service fee is already invoiced; it is invoiced once.',
  STEP_NOT_REOPENED: 'The bank asked for more information in other steps; this one stays as signed.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  APPLICATION_TOO_LARGE: 'The application would be larger than the server keeps.',
  HISTORY_TOO_LARGE: 'The application’s history would be larger than the server keeps.',
  UNSUPPORTED_MEDIA_TYPE: 'The request body must be JSON.',
  RATE_LIMITED: 'Too many requests. Try again later.',
  INTERNAL_ERROR: 'Something went wrong on our side.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable.',
  REGISTER_UNAVAILABLE: 'The Business Register does not answer at the moment. Nothing is lost: try again in a few minutes.',
};

/**
 * The one error type of the API, with a code of API_ERROR_STATUS (packages/domain).
 * The error handler (plugins/error-handler.ts) sends it as `{ code, message, fields? }`.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly fields?: FieldIssue[];
  readonly currentVersion?: number;
  readonly registerChanges?: RegisterChange[];
  readonly retryAfterSeconds?: number;

  /** `details` is the message alone, or the message and whatever else the body carries. */
  constructor(
    readonly code: ApiErrorCode,
    details: string | AppErrorDetails = {},
  ) {
    const { message = DEFAULT_MESSAGES[code], ...extra } = typeof details === 'string' ? { message: details } : details;
    super(message);
    this.name = 'AppError';
    this.statusCode = API_ERROR_STATUS[code];
    this.fields = extra.fields;
    this.currentVersion = extra.currentVersion;
    this.registerChanges = extra.registerChanges;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }

  toJSON(): ApiErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.currentVersion === undefined ? {} : { currentVersion: this.currentVersion }),
      ...(this.registerChanges ? { registerChanges: this.registerChanges } : {}),
      ...(this.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: this.retryAfterSeconds }),
    };
  }
}

export type AppErrorDetails = {
  message?: string;
  fields?: FieldIssue[];
  currentVersion?: number;
  registerChanges?: RegisterChange[];
  /** With RATE_LIMITED: whole seconds until a retry can succeed; also sent as the Retry-After header. */
  retryAfterSeconds?: number;
};
