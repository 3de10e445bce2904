import { QUERY_RETRY_COUNT, REGISTER_CHANGE_FACTS, REQUEST_RETRY_COUNT, type FieldIssue, type RegisterChange } from '@onboarding/domain';

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
  }: { status: number; code: string; message?: string; fields?: FieldIssue[]; registerChanges?: RegisterChange[]; retryAfterSeconds?: number }) {
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

export const isAbortError = (error: unknown): boolean =>
  (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';

/**
 * docs/requirements.md section 7 as a table: how many times a failed request is
 * tried again. A 5xx answer 3 times (the generic request retry); a client error
 * 400-499 never; a request with no answer, or an answer that breaks its
 * contract, 2 times ("other query failures"). Anything else is not a
 * failure of the request (an abort, a bug) and is not retried.
 */
export function retryCountFor(error: unknown): number {
  if (error instanceof NetworkError) return QUERY_RETRY_COUNT;
  if (!(error instanceof ApiError)) return 0;
  if (error.status >= 400 && error.status <= 499) return 0;
  if (error.status >= 500 && error.status <= 599) return REQUEST_RETRY_COUNT;
  return QUERY_RETRY_COUNT;
}

function isRegisterChange(value: unknown): value is RegisterChange {
  const change = value as Partial<RegisterChange> | null;
  return (REGISTER_CHANGE_FACTS as readonly unknown[]).includes(change?.fact) && (change?.step === 'CompanyData' || change?.step === 'RelatedPersons');
}

function isFieldIssue(value: unknown): value is FieldIssue {
  const issue = value as Partial<FieldIssue> | null;
  return typeof issue?.path === 'string' && typeof issue.code === 'string';
}

/** Whole seconds from the body's retryAfterSeconds or else the Retry-After header (delta-seconds form). */
function retryAfterSecondsOf(record: Record<string, unknown>, response: Response): number | undefined {
  const fromBody = record.retryAfterSeconds;
  if (typeof fromBody === 'number' && Number.isInteger(fromBody) && fromBody >= 0) return fromBody;
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
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return new ApiError({
    status: response.status,
    code: typeof record.code === 'string' && record.code !== '' ? record.code : `HTTP_${response.status}`,
    message: typeof record.message === 'string' ? record.message : undefined,
    fields: Array.isArray(record.fields) ? record.fields.filter(isFieldIssue).map((field) => ({ ...field, params: field.params ?? {} })) : [],
    registerChanges: Array.isArray(record.registerChanges) ? record.registerChanges.filter(isRegisterChange) : [],
    retryAfterSeconds: retryAfterSecondsOf(record, response),
  });
}
