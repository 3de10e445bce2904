import { apiErrorBodySchema, integrationEndpoints as endpoints, listApplicationsQuerySchema } from '@onboarding/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ASIC_E_MEDIA_TYPE, containerFileName, contractFileName, CONTRACT_MEDIA_TYPE } from '../signing/index.js';
import type { IntegrationService } from './integration-service.js';
import type { RequireIntegrationScope } from './require-scope.js';

type IntegrationRoutesOptions = { service: IntegrationService; requireScope: RequireIntegrationScope };

const tags = ['applications'];
const security = [{ bankClient: ['applications:read'] }];
const errors = { 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema };

/** The read side of /integration/v1 (scope applications:read), declared by integrationEndpoints in packages/domain. */
export const integrationRoutes: FastifyPluginAsyncZod<IntegrationRoutesOptions> = async (app, { service, requireScope }) => {
  const canRead = requireScope('applications:read');

  app.get(
    endpoints.applications.path,
    {
      onRequest: canRead,
      schema: {
        tags,
        security,
        summary: 'Submitted applications, by last change (oldest first), a page at a time',
        description:
          'Keyset pagination: pass the nextCursor of a page as cursor for the next; rows changed or added meanwhile come after it, none is skipped or repeated. Applications never submitted are not listed.',
        querystring: listApplicationsQuerySchema,
        response: { 200: endpoints.applications.response, 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    endpoints.application.path,
    {
      onRequest: canRead,
      schema: {
        tags,
        security,
        summary: 'One submitted application: its steps, every fact with its source, the discrepancies, the follow-up and the history',
        params: endpoints.application.params,
        response: { 200: endpoints.application.response, ...errors },
      },
    },
    async (request) => service.application(request.params.processId),
  );

  app.get(
    endpoints.contract.path,
    { onRequest: canRead, schema: { tags, security, summary: 'The signed contract as a PDF (application/pdf)', params: endpoints.contract.params } },
    async (request, reply) => {
      const { processId } = request.params;
      const document = await service.contract(processId);
      return reply.type(CONTRACT_MEDIA_TYPE).header('content-disposition', `attachment; filename="${contractFileName(processId)}"`).send(document);
    },
  );

  app.get(
    endpoints.signedContract.path,
    {
      onRequest: canRead,
      schema: {
        tags,
        security,
        summary: `The signed contract as an ASiC-E container (${ASIC_E_MEDIA_TYPE}): the PDF, the XAdES signature, its time-stamp and OCSP response`,
        params: endpoints.signedContract.params,
      },
    },
    async (request, reply) => {
      const { processId } = request.params;
      const container = await service.signedContainer(processId);
      return reply.type(ASIC_E_MEDIA_TYPE).header('content-disposition', `attachment; filename="${containerFileName(processId)}"`).send(container);
    },
  );
};
