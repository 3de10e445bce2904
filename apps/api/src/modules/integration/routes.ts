import { integrationEndpoints as endpoints } from '@onboarding/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../plugins/contract-routes.js';
import { ASIC_E_MEDIA_TYPE, containerFileName, contractFileName, CONTRACT_MEDIA_TYPE } from '../signing/index.js';
import type { IntegrationService } from './integration-service.js';
import { integrationAuth, type RequireIntegrationScope } from './require-scope.js';

type IntegrationRoutesOptions = { service: IntegrationService; requireScope: RequireIntegrationScope };

/** The read side of /integration/v1 (scope applications:read), built from integrationEndpoints in packages/domain. */
export const integrationRoutes: FastifyPluginAsyncZod<IntegrationRoutesOptions> = async (app, { service, requireScope }) => {
  const route = contractRoutes(app, integrationAuth(requireScope));

  route(
    endpoints.applications,
    {
      summary: 'Submitted applications, by last change (oldest first), a page at a time',
      description:
        'Keyset pagination: pass the nextCursor of a page as cursor for the next; rows changed or added meanwhile come after it, none is skipped or repeated. Applications never submitted are not listed.',
    },
    async (request) => service.list(request.query),
  );

  route(
    endpoints.application,
    { summary: 'One submitted application: its steps, every fact with its source, the discrepancies, the follow-up and the history' },
    async (request) => service.application(request.params.processId),
  );

  route(
    endpoints.contract,
    { summary: 'The signed contract as a PDF (application/pdf)', file: { mediaType: CONTRACT_MEDIA_TYPE, description: 'The signed contract, as a download' } },
    async (request, reply) => {
      const { processId } = request.params;
      const document = await service.contract(processId);
      return reply
        .type(CONTRACT_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${contractFileName(processId)}"`)
        .send(document);
    },
  );

  route(
    endpoints.signedContract,
    {
      summary: `The signed contract as an ASiC-E container (${ASIC_E_MEDIA_TYPE}): the PDF, the XAdES signature, its time-stamp and OCSP response`,
      file: { mediaType: ASIC_E_MEDIA_TYPE, description: 'The signed container (.asice), as a download' },
    },
    async (request, reply) => {
      const { processId } = request.params;
      const container = await service.signedContainer(processId);
      return reply
        .type(ASIC_E_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${containerFileName(processId)}"`)
        .send(container);
    },
  );
};
