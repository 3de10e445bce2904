/**
 * The one error type of the API. Each code is documented with when it is thrown;
 * the error handler (plugins/error-handler.ts) maps it to an HTTP status and the
 * body `{ code, message, fields? }`.
 */
export const errorCodes = {
  /** The request body, query or params break a schema; `fields` says where and why. */
  VALIDATION_FAILED: 400,
  /** The request cannot be read at all: malformed JSON, a wrong content length. */
  MALFORMED_REQUEST: 400,
  /** No valid access token was sent. */
  UNAUTHORIZED: 401,
  /** The token is valid but does not allow this. */
  FORBIDDEN: 403,
  /** No route or no resource at this address. */
  NOT_FOUND: 404,
  /** The route exists but not for this HTTP method. */
  METHOD_NOT_ALLOWED: 405,
  /** A write was based on an old version of the resource; nothing was changed. */
  STALE_VERSION: 409,
  /** The request conflicts with the resource's state (for example, already submitted). */
  CONFLICT: 409,
  /** The body is larger than the server accepts. */
  PAYLOAD_TOO_LARGE: 413,
  /** The body is not of a type the route reads (JSON is expected). */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** Too many requests from this client; retry after the Retry-After header. */
  RATE_LIMITED: 429,
  /** Anything unexpected; the body says nothing more and the log has the details. */
  INTERNAL_ERROR: 500,
  /** A dependency (the database, an identity provider) does not answer. */
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export type FieldError = {
  /** Dotted path of the field, e.g. `relatedPersons.2.personalId`. */
  path: string;
  /** A validation code of SPEC.md section 5, e.g. `required` or `maxLength`. */
  code: string;
  params?: Record<string, unknown>;
};

export const defaultMessages: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'The request has invalid fields.',
  MALFORMED_REQUEST: 'The request could not be read.',
  UNAUTHORIZED: 'Sign in to continue.',
  FORBIDDEN: 'This is not allowed.',
  NOT_FOUND: 'Not found.',
  METHOD_NOT_ALLOWED: 'This method is not allowed here.',
  STALE_VERSION: 'The data has changed since it was loaded.',
  CONFLICT: 'The request conflicts with the current state.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'The request body must be JSON.',
  RATE_LIMITED: 'Too many requests. Try again later.',
  INTERNAL_ERROR: 'Something went wrong on our side.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable.',
};

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string = defaultMessages[code],
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorCodes[code];
  }

  toJSON(): ErrorBody {
    return { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) };
  }

  static fromJSON(body: ErrorBody): AppError {
    return new AppError(body.code, body.message, body.fields);
  }
}

export type ErrorBody = { code: ErrorCode; message: string; fields?: FieldError[] };
