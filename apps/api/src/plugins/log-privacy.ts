import type { FastifyRequest } from 'fastify';

/**
 * What a request log line says of the request: the route's pattern, never the address as sent, whose path
 * can hold a personal code (`/onboarding/register/persons/:personalId`) and whose query a process id.
 */
export function requestLogFields(request: FastifyRequest) {
  // Fastify logs its own request object; anything else logged as `req` has no route to name.
  const route = (request as Partial<FastifyRequest>).routeOptions?.url;
  return {
    method: request.method,
    url: route ?? '(no route)',
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

export type LoggedError = { type: string; message: string; stack: string; code?: unknown; constraint?: unknown; cause?: LoggedError };

/**
 * An error as the log keeps it. A failed query (drizzle's DrizzleQueryError) keeps its SQL, with placeholders,
 * but not its parameters, which hold what people typed; a PostgreSQL error keeps its code, constraint and
 * message but not its detail, which quotes the values ("Key (...)=(...) already exists").
 */
export function loggableError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'a thrown value that is not an Error', stack: '' };
  const fields = error as Error & { query?: unknown; params?: unknown; code?: unknown; constraint?: unknown };
  const isFailedQuery = typeof fields.query === 'string' && 'params' in fields;
  const logged: LoggedError = {
    type: error.constructor.name,
    // drizzle puts the parameters into the message too.
    message: isFailedQuery ? `Failed query: ${String(fields.query)}` : error.message,
    stack: withoutMessage(error.stack ?? '', error.message),
    ...(fields.code !== undefined ? { code: fields.code } : {}),
    ...(fields.constraint !== undefined ? { constraint: fields.constraint } : {}),
  };
  if (error.cause !== undefined && depth < 3) logged.cause = loggableError(error.cause, depth + 1);
  return logged;
}

/** A stack begins with the message; the frames are what is kept. */
function withoutMessage(stack: string, message: string): string {
  const start = stack.indexOf(message);
  return start >= 0 ? stack.slice(0, start) + stack.slice(start + message.length) : stack;
}
