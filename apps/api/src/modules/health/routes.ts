import { healthEndpoints } from '@onboarding/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { contractRoutes } from '../../plugins/contract-routes.js';

type HealthOptions = {
  ping: () => Promise<void>;
  /** True once the instance has been told to stop: the load balancer should send new requests elsewhere. */
  isStopping: () => boolean;
};

/**
 * /healthz says the process is alive; /readyz says it can take new requests: it is not stopping and its
 * database answers. A stopping instance still serves whatever reaches it (server.ts drains it).
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { ping, isStopping }) => {
  const route = contractRoutes(app);

  route(healthEndpoints.live, { summary: 'The process is alive' }, async () => ({ status: 'ok' as const }));

  route(healthEndpoints.ready, { summary: 'The instance takes new requests: it is not stopping and its database answers' }, async (request) => {
    if (isStopping()) throw new AppError('SERVICE_UNAVAILABLE', 'The instance is stopping.');
    try {
      await ping();
    } catch (error) {
      request.log.warn({ err: error }, 'database does not answer');
      throw new AppError('SERVICE_UNAVAILABLE', 'The database does not answer.');
    }
    return { status: 'ok' as const };
  });
};
