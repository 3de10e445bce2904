import type { FastifyError, FastifyInstance } from 'fastify';
import { API_ERROR_STATUS } from '@onboarding/domain';
import { AppError, type ApiErrorCode } from '../errors.js';
import { IdentityError } from '../modules/identity/types.js';

// Fastify's own 4xx errors, by status, in our codes.
const codeByStatus: Record<number, ApiErrorCode> = {
  400: 'MALFORMED_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

const signInFailureMessages: Record<IdentityError['code'], string> = {
  timeout: 'The sign-in was not confirmed in time.',
  user_not_found: 'No account of this identity service was found for this person.',
  user_cancelled: 'The sign-in was cancelled.',
  phone_absent: 'The phone could not be reached.',
  delivery_error: 'The request could not be delivered to the phone.',
  sim_error: 'The SIM card could not complete the sign-in.',
  document_unusable: 'The identity document in the app cannot be used.',
  no_certificate: 'No ID-card certificate was presented.',
  invalid_certificate: 'The ID-card certificate is not valid.',
  unexpected: 'The sign-in failed for a technical reason.',
  ocsp_unavailable: 'The certificate status could not be checked.',
  timestamp_unavailable: 'The signature could not be time-stamped.',
};

/** The answer an error of a dependency's client says it stands for (the register's RikError: REGISTER_UNAVAILABLE). */
function namedApiCode(error: Error): ApiErrorCode | undefined {
  const code: unknown = (error as { apiCode?: unknown }).apiCode;
  return typeof code === 'string' && code in API_ERROR_STATUS ? (code as ApiErrorCode) : undefined;
}

/** Turns any thrown error into `{ code, message, fields? }`; 5xx bodies say nothing internal. */
export function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  const named = namedApiCode(error);
  if (named) return new AppError(named);

  const statusCode = 'statusCode' in error ? error.statusCode : undefined;
  if (statusCode && statusCode >= 400 && statusCode < 500) {
    return new AppError(codeByStatus[statusCode] ?? 'MALFORMED_REQUEST');
  }
  if (statusCode === 503) return new AppError('SERVICE_UNAVAILABLE');
  return new AppError('INTERNAL_ERROR');
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof IdentityError) {
      // A sign-in failure the screen maps to a message (docs/requirements.md section 8): the lowercase code as it is.
      request.log.info({ code: error.code }, 'sign-in failed');
      return reply.status(400).send({ code: error.code, message: signInFailureMessages[error.code] });
    }
    const appError = toAppError(error);
    if (namedApiCode(error)) {
      // A dependency that does not answer (the register): its failure is counted in the metrics and said to the
      // person; one stack trace per request of an outage would only bury the first.
      request.log.warn({ code: appError.code, reason: error.message }, 'dependency unavailable');
    } else if (appError.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: appError.code, reason: error.message }, 'request rejected');
    }
    if (appError.retryAfterSeconds !== undefined) void reply.header('retry-after', String(appError.retryAfterSeconds));
    return reply.status(appError.statusCode).send(appError.toJSON());
  });

  app.setNotFoundHandler((request, reply) => {
    const error = new AppError('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}.`);
    return reply.status(404).send(error.toJSON());
  });
}
