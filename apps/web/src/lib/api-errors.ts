import { apiErrorBodySchema, requestRetryCount, type FieldIssue, type RegisterChange } from '@onboarding/domain';

/**
 * An answer outside 200-299. `code` is the body's code: an API error code
 * (VALIDATION_FAILED, RATE_LIMITED…) or a lowercase sign-in code of
 * docs/requirements.md section 8; `HTTP_<status>` when the body had none.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: FieldIssue[];
  /** With REGISTER_CHANGED: what the Business Register now says differently. */
  readonly registerChanges: RegisterChange[];
  /** With RATE_LIMITED: seconds until a retry can succeed (the body's, or the Retry-After header's). */
  readonly retryAfterSeconds?: number;

  constructor({
    status,
    code,
    message,
    fields = [],
    registerChanges = [],
    retryAfterSeconds,
  }: {
    status: number;
    code: string;
    message?: string;
    fields?: FieldIssue[];
    registerChanges?: RegisterChange[];
    retryAfterSeconds?: number;
  }) {
    super(message || code);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.registerChanges = registerChanges;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The request never got an answer: offline, DNS, CORS, a refused TLS handshake. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(cause: unknown) {
    super('Network request failed', { cause });
  }
}

export const isAbortError = (error: unknown): boolean => (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';

/**
 * How many times a failed request is tried again (the domain's
 * requestRetryCount, docs/requirements.md section 7): an answer by its status, no answer
 * as such. Anything else is not a failure of the request (an abort, a bug)
 * and is not retried.
 */
export function retryCountFor(error: unknown): number {
  if (error instanceof NetworkError) return requestRetryCount(null);
  if (error instanceof ApiError) return requestRetryCount(error.status);
  return 0;
}

/**
 * The API's error body as the domain defines it (apiErrorBodySchema); every
 * part optional, since a proxy or a sign-in call may answer with less.
 */
const errorBodySchema = apiErrorBodySchema.partial();

/** Whole seconds from the body's retryAfterSeconds or else the Retry-After header (delta-seconds form). */
function retryAfterSecondsOf(fromBody: number | undefined, response: Response): number | undefined {
  if (fromBody !== undefined) return fromBody;
  const header = response.headers.get('retry-after');
  return header && /^\d+$/.test(header) ? Number(header) : undefined;
}

/** Reads `{ code, message, fields }` from an error answer, whatever the body turns out to be. */
export async function parseErrorResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = JSON.parse(await response.text());
  } catch {
    // An HTML page from a proxy or an empty body: the status is all there is.
  }
  // A body that is not the API's error (another server's JSON, a broken one) says nothing either.
  const parsed = errorBodySchema.safeParse(body);
  const record = parsed.success ? parsed.data : {};
  return new ApiError({
    status: response.status,
    code: record.code || `HTTP_${response.status}`,
    message: record.message,
    // The schema reads any string as a field's code; the API sends validation codes only.
    fields: (record.fields ?? []) as FieldIssue[],
    registerChanges: record.registerChanges ?? [],
    retryAfterSeconds: retryAfterSecondsOf(record.retryAfterSeconds, response),
  });
}
