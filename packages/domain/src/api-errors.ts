import { z } from 'zod';
import { registerChangeSchema, type RegisterChange } from './facts.js';
import type { FieldIssue } from './validation/zod-issues.js';

/**
 * Every error code the API answers with, and its HTTP status. The server throws
 * them (apps/api/src/errors.ts); the web app decides by code what to show.
 */
export const API_ERROR_STATUS = {
  /** The body, query or params break a schema; `fields` says where and why. */
  VALIDATION_FAILED: 400,
  /** The request cannot be read at all: malformed JSON, a wrong content length. */
  MALFORMED_REQUEST: 400,
  /** No valid access token was sent (docs/requirements.md section 6: the web app logs out). */
  UNAUTHORIZED: 401,
  /** The token is valid but does not allow this (docs/requirements.md section 6: the web app logs out). */
  FORBIDDEN: 403,
  /** No route or no resource at this address. */
  NOT_FOUND: 404,
  /** The route exists but not for this HTTP method. */
  METHOD_NOT_ALLOWED: 405,
  /** A write was based on an old version of the application; nothing was changed. */
  STALE_VERSION: 409,
  /** The request conflicts with the resource's state (for example, already submitted). */
  CONFLICT: 409,
  /** A step names a company other than the application's, which is fixed when the application is created. */
  COMPANY_MISMATCH: 409,
  /** The representative has not yet consented to the bank's registry queries (docs/requirements.md section 1). */
  CONSENT_REQUIRED: 409,
  /** The business register changed since the application read it; `registerChanges` says what, and those steps reopen. */
  REGISTER_CHANGED: 409,
  /**
   * A company typed by hand is one the business register knows (by registry code or name), or an Estonian registry
   * code the register does not know; `fields` says which field and why. A registered company is chosen from the list.
   */
  COMPANY_IN_REGISTER: 409,
  /** The person already has MAX_OPEN_MANUAL_APPLICATIONS applications in progress for companies typed by hand. */
  MANUAL_APPLICATION_LIMIT: 409,
  /** A write of the integration API came without a usable Idempotency-Key header. */
  IDEMPOTENCY_KEY_REQUIRED: 400,
  /** The Idempotency-Key was used before for a different request; a new request needs a new key. */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** A bank decision on an application that already has its final answer (APPROVED or DECLINED). */
  APPLICATION_DECIDED: 409,
  /** A bank decision on an application that is not submitted now: reopened for more information, or never signed. */
  APPLICATION_NOT_SUBMITTED: 409,
  /** A FEE_INVOICED on an application whose fee is already invoiced (at submission or by an earlier FEE_INVOICED). */
  FEE_ALREADY_INVOICED: 409,
  /** The bank reopened only some steps for more information; this one stays as signed. */
  STEP_NOT_REOPENED: 409,
  /** The body, or the step's data in it, is larger than the server accepts. */
  PAYLOAD_TOO_LARGE: 413,
  /** The save would make the whole application (its steps and drafts) larger than the server keeps. */
  APPLICATION_TOO_LARGE: 413,
  /** The save would make the application's history (its recorded changes) larger than the server keeps. */
  HISTORY_TOO_LARGE: 413,
  /** The body is not of a type the route reads (JSON is expected). */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** Too many requests from this client; retry after the Retry-After header. */
  RATE_LIMITED: 429,
  /** Anything unexpected; the body says nothing more and the server log has the details. */
  INTERNAL_ERROR: 500,
  /** A dependency (the database, an identity provider) does not answer. */
  SERVICE_UNAVAILABLE: 503,
  /**
   * The e-Business Register does not answer (a timeout, a 5xx, a fault, refused credentials): never "not found".
   * Nothing the person entered is lost; they try again in a few minutes.
   */
  REGISTER_UNAVAILABLE: 503,
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

/** The body of every API error (docs/design.md conventions); `fields` only when the input was invalid. */
export type ApiErrorBody = {
  code: ApiErrorCode;
  message: string;
  fields?: FieldIssue[];
  /** With STALE_VERSION: the version the resource has now, so the client can reload and retry. */
  currentVersion?: number;
  /** With REGISTER_CHANGED: what the register now says differently. */
  registerChanges?: RegisterChange[];
  /** With RATE_LIMITED: whole seconds until a retry can succeed (the Retry-After header says the same). */
  retryAfterSeconds?: number;
};

/**
 * The error body as a schema, for the OpenAPI document and response
 * serialisation. `code` is an ApiErrorCode, or a lowercase sign-in failure
 * code of docs/requirements.md section 8 from the sign-in calls.
 */
export const apiErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), code: z.string(), params: z.record(z.string(), z.unknown()) })).optional(),
  currentVersion: z.number().int().optional(),
  registerChanges: z.array(registerChangeSchema).optional(),
  retryAfterSeconds: z.number().int().min(0).optional(),
});
