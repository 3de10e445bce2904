import { z } from 'zod';
import { endpointGroup } from './endpoint.js';

export const healthStatusSchema = z.object({ status: z.literal('ok') });

/**
 * The load balancer's and the orchestrator's probes (docs/operations.md section 3): no token, no input, so nothing
 * a caller sends can be refused.
 */
export const healthEndpoints = endpointGroup('health', 'operations', {
  /** The process is alive. */
  live: { method: 'GET', path: '/healthz', response: healthStatusSchema, isAuthenticated: false },
  /** The instance takes new requests: 503 once it is stopping or while its database does not answer. */
  ready: { method: 'GET', path: '/readyz', response: healthStatusSchema, isAuthenticated: false, errors: ['SERVICE_UNAVAILABLE'] },
});
