import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './routes.js';

export type HealthPluginOptions = {
  /** Resolves when the database answers. */
  ping: () => Promise<void>;
  /** True once the instance has been told to stop: the load balancer should send new requests elsewhere. */
  isStopping: () => boolean;
};

/** /healthz and /readyz. */
export async function registerHealth(app: FastifyInstance, options: HealthPluginOptions): Promise<void> {
  await app.register(healthRoutes, options);
}
