import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, type ApiErrorCode } from '../errors.js';

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

/** Turns any thrown error into `{ code, message, fields? }`; 5xx bodies say nothing internal. */
export function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;

  const statusCode = 'statusCode' in error ? error.statusCode : undefined;
  if (statusCode && statusCode >= 400 && statusCode < 500) {
    return new AppError(codeByStatus[statusCode] ?? 'MALFORMED_REQUEST');
  }
  if (statusCode === 503) return new AppError('SERVICE_UNAVAILABLE');
  return new AppError('INTERNAL_ERROR');
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: appError.code, reason: error.message }, 'request rejected');
    }
    return reply.status(appError.statusCode).send(appError.toJSON());
  });

  app.setNotFoundHandler((request, reply) => {
    const error = new AppError('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}.`);
    return reply.status(404).send(error.toJSON());
  });
}
