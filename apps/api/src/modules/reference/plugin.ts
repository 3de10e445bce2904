import type { FastifyInstance } from 'fastify';
import { referenceRoutes } from './routes.js';

/** The reference data the forms pick from (countries, activities, places, the bank's offices). */
export async function registerReference(app: FastifyInstance): Promise<void> {
  await app.register(referenceRoutes);
}
