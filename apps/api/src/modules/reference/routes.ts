import { referenceEndpoints, type NamedEndpoint } from '@onboarding/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractRoutes } from '../../plugins/contract-routes.js';
import { BANK_OFFICES } from './bank-offices.js';
import { cacheBody, isNotModified, REFERENCE_CACHE_CONTROL, type CachedBody } from './cached-body.js';
import { buildCountries } from './countries.js';
import { buildEconomicActivities } from './economic-activities.js';
import { buildPlaces } from './places.js';

type ReferenceList = { endpoint: NamedEndpoint & { response: z.ZodType }; summary: string; data: () => unknown };

const LISTS: readonly ReferenceList[] = [
  { endpoint: referenceEndpoints.countries, summary: 'Countries by ISO 3166-1 alpha-2 code, named in Estonian, English and Russian', data: buildCountries },
  {
    endpoint: referenceEndpoints.economicActivities,
    summary: 'EMTAK economic activities with their version: sections, divisions and common five-digit codes',
    data: buildEconomicActivities,
  },
  { endpoint: referenceEndpoints.places, summary: 'Counties of Estonia, their districts (local governments) and cities', data: buildPlaces },
  {
    endpoint: referenceEndpoints.bankOffices,
    summary: 'Branches and banking points where a representative can identify themselves',
    data: () => ({ bankOffices: BANK_OFFICES }),
  },
];

/** Public reference data (docs/requirements.md section 3), built from referenceEndpoints in packages/domain. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app);
  for (const { endpoint, summary, data } of LISTS) {
    const cached: CachedBody = cacheBody(endpoint.response, data());

    route(
      endpoint,
      {
        summary,
        description: 'Public and cached: `cache-control: public, max-age=3600` with a strong ETag; a matching If-None-Match gets 304 Not Modified and no body.',
        // Optional so that 304 goes out with no body at all, not a serialised null.
        responses: { 304: z.null().optional().describe('Not modified: no body') },
      },
      async (request, reply) => {
        reply.header('etag', cached.etag).header('cache-control', REFERENCE_CACHE_CONTROL);
        if (isNotModified(request.headers['if-none-match'], cached.etag)) return reply.code(304).send(undefined);
        // A string body with a JSON content type skips the serializer: the bytes are the ones the ETag was computed from.
        return reply.type('application/json; charset=utf-8').send(cached.body);
      },
    );
  }
};
