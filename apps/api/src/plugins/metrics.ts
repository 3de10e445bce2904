import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { AppError } from '../errors.js';
import { bearerTokenOf } from './bearer-token.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Bearer <token>`; compared in constant time, as digests of equal length. */
function hasToken(request: FastifyRequest, token: string): boolean {
  const sent = bearerTokenOf(request) ?? '';
  return timingSafeEqual(digest(sent), digest(token));
}

/**
 * Prometheus metrics at /metrics: process figures and a request-duration
 * histogram labelled by route pattern (never the raw URL, which would let
 * clients create unbounded label values). Internal figures, so only for the
 * scraper that holds METRICS_TOKEN; without a token there is no /metrics.
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests in seconds, by method, route and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') requestDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  if (token === undefined) return registry;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!hasToken(request, token)) throw new AppError('UNAUTHORIZED', 'The metrics token is missing or wrong.');
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });

  return registry;
}
