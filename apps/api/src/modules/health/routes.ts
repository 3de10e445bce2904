import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';

type HealthOptions = { ping: () => Promise<void> };

const statusSchema = z.object({ status: z.literal('ok') });

/** /healthz says the process is alive; /readyz says it can serve, i.e. the database answers. */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { ping }) => {
  app.get(
    '/healthz',
    { schema: { tags: ['operations'], summary: 'The process is alive', response: { 200: statusSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'The service can serve requests: its database answers',
        response: { 200: statusSchema },
      },
    },
    async (request) => {
      try {
        await ping();
      } catch (error) {
        request.log.warn({ err: error }, 'database does not answer');
        throw new AppError('SERVICE_UNAVAILABLE', 'The database does not answer.');
      }
      return { status: 'ok' as const };
    },
  );
};
