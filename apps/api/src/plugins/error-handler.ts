import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode, type FieldError } from '../errors.js';

// Fastify's own 4xx errors, by status, in our codes.
const codeByStatus: Record<number, ErrorCode> = {
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

  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: FieldError[] = error.validation.map((issue) => ({
      path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
      // Shared schemas carry a validation code (SPEC.md section 5) as their message.
      code: issue.message && isValidationCode(issue.message) ? issue.message : issue.keyword,
      ...(issue.params && Object.keys(issue.params).length > 0 ? { params: issue.params } : {}),
    }));
    return new AppError('VALIDATION_FAILED', undefined, fields);
  }

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
    if (appError.code === 'RATE_LIMITED' && 'headers' in error) {
      reply.headers((error as { headers?: Record<string, string> }).headers ?? {});
    }
    return reply.status(appError.statusCode).send(appError.toJSON());
  });

  app.setNotFoundHandler((request, reply) => {
    const error = new AppError('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}.`);
    return reply.status(404).send(error.toJSON());
  });
}

function isValidationCode(message: string): boolean {
  return /^[a-zA-Z][a-zA-Z0-9_.]*$/.test(message);
}
