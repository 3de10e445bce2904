import { signingEndpoints as endpoints } from '@onboarding/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { contractRoutes } from '../../plugins/contract-routes.js';
import { applicantAuth, type RequireUser } from '../auth/index.js';
import type { SigningService } from './signing-service.js';
import { ASIC_E_MEDIA_TYPE } from './container/asic.js';
import type { RateLimitHook } from '../rate-limits/index.js';

type Options = {
  service: SigningService;
  requireUser: RequireUser;
  /** Each start sends a PIN2 prompt and costs an SK query: limited per signed-in person. */
  limitStarts: RateLimitHook;
  /** Each preview draws up a contract PDF: limited per signed-in person. */
  limitPreviews: RateLimitHook;
};

function userOf(request: FastifyRequest) {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/** The signing calls of /onboarding, built from signingEndpoints in packages/domain. */
export const signingRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, requireUser, limitStarts, limitPreviews }) => {
  const route = contractRoutes(app, applicantAuth(requireUser));

  route(
    endpoints.start,
    { preHandler: limitStarts, summary: 'Draw up the contract and start signing it with PIN2 (Smart-ID, Mobile-ID) or give the ID-card the hash to sign' },
    (request) => service.start(userOf(request), request.params.processId, request.body),
  );

  route(endpoints.status, { summary: 'One status call of a signing: waiting for PIN2, signed and submitted, or how it ended' }, (request) =>
    service.status(userOf(request), request.params.processId, request.params.signingSessionId),
  );

  route(
    endpoints.deviceLink,
    {
      summary: 'A QR code’s link for this second while the Smart-ID account to sign with is chosen',
      // Asked each second while the code is shown: two info lines each would be most of the log.
      logLevel: 'warn',
    },
    async (request, reply) => {
      // A link of this second only: never from a cache.
      void reply.header('cache-control', 'no-store');
      return service.deviceLink(userOf(request), request.params.processId, request.params.signingSessionId, request.query.language);
    },
  );

  route(
    endpoints.smartIdReturn,
    { status: 204, summary: 'The Smart-ID app’s return after the account to sign with was chosen on this phone' },
    async (request, reply) => {
      await service.smartIdReturn(request.body);
      return reply.status(204).send(null);
    },
  );

  route(endpoints.idCardSignature, { summary: 'The ID-card’s signature over the hash; validated, then the application is submitted' }, (request) =>
    service.idCardSignature(userOf(request), request.params.processId, request.params.signingSessionId, request.body.signature),
  );

  route(endpoints.cancel, { status: 204, summary: 'Cancel a signing that is still waiting' }, async (request, reply) => {
    await service.cancel(userOf(request), request.params.processId, request.params.signingSessionId);
    return reply.status(204).send(null);
  });

  route(
    endpoints.contract,
    {
      preHandler: limitPreviews,
      summary: 'The contract as a PDF (application/pdf): the signed one once submitted',
      file: { mediaType: 'application/pdf', description: 'The contract: a download, or with disposition=inline to open in the browser' },
    },
    async (request, reply) => {
      const { document, filename } = await service.contract(userOf(request), request.params.processId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `${request.query.disposition}; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(document);
    },
  );

  route(
    endpoints.signedContract,
    {
      summary: `The signed contract as an ASiC-E container (${ASIC_E_MEDIA_TYPE}): the PDF, the XAdES signature with its time-stamp and OCSP response; DigiDoc opens it`,
      file: { mediaType: ASIC_E_MEDIA_TYPE, description: 'The signed container (.asice), as a download' },
    },
    async (request, reply) => {
      const { container, filename } = await service.signedContainer(userOf(request), request.params.processId);
      return reply
        .type(ASIC_E_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(container);
    },
  );
};
