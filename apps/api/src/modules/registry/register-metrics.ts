import { Counter, Histogram, type Registry } from 'prom-client';
import type { RikClient } from './rik/client.js';
import { isRikError } from './rik/errors.js';

/** What the register's queries are counted by (docs/decisions/0035): each query, each cache look-up, each breaker turn. */
export type RegisterMetrics = {
  /** One query sent, its retries included: `outcome` is `ok` or the failure's kind in lower case. */
  query(operation: string, outcome: string, seconds: number): void;
  cache(operation: string, result: 'hit' | 'miss'): void;
  breakerOpened(): void;
  /** A query not sent because the breaker is open. */
  breakerRefused(operation: string): void;
};

/** Counts nothing: for a register built without a metrics registry (tests, scripts). */
export const NO_REGISTER_METRICS: RegisterMetrics = {
  query: () => undefined,
  cache: () => undefined,
  breakerOpened: () => undefined,
  breakerRefused: () => undefined,
};

/**
 * The register's figures in the app's Prometheus registry (plugins/metrics.ts). Labels are the operation (a handful
 * of names), the outcome (the failure kinds) and hit or miss: no code or person ever becomes a label.
 */
export function createRegisterMetrics(registry: Registry): RegisterMetrics {
  const queries = new Counter({
    name: 'register_queries_total',
    help: 'Queries sent to the e-Business Register, by operation and outcome (ok or the failure kind).',
    labelNames: ['operation', 'outcome'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'register_query_duration_seconds',
    help: 'Time of an e-Business Register query, its retries included, by operation.',
    labelNames: ['operation'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const cache = new Counter({
    name: 'register_cache_total',
    help: 'Look-ups of the stored register answers, by operation and result (hit or miss).',
    labelNames: ['operation', 'result'] as const,
    registers: [registry],
  });
  const openings = new Counter({
    name: 'register_breaker_openings_total',
    help: 'Times this instance opened the register breaker after repeated failures.',
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'register_breaker_refusals_total',
    help: 'Register queries not sent because the breaker was open, by operation.',
    labelNames: ['operation'] as const,
    registers: [registry],
  });
  return {
    query: (operation, outcome, seconds) => {
      queries.inc({ operation, outcome });
      duration.observe({ operation }, seconds);
    },
    cache: (operation, result) => cache.inc({ operation, result }),
    breakerOpened: () => openings.inc(),
    breakerRefused: (operation) => refusals.inc({ operation }),
  };
}

/** The client with every query it sends counted and timed. */
export const meteredClient = (client: RikClient, metrics: RegisterMetrics): RikClient => ({
  call: async (operation, fields) => {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const answer = await client.call(operation, fields);
      metrics.query(operation, 'ok', seconds());
      return answer;
    } catch (error) {
      metrics.query(operation, isRikError(error) ? error.failure.kind.toLowerCase() : 'error', seconds());
      throw error;
    }
  },
});
