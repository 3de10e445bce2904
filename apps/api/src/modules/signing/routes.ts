import { signingEndpoints as endpoints, apiErrorBodySchema } from '@onboarding/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { RequireUser } from '../auth/index.js';
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

const tags = ['signing'];
const security = [{ bearerAuth: [] }];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };

function userOf(request: FastifyRequest) {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/** The signing calls of /onboarding, declared by signingEndpoints in packages/domain. */
export const signingRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, requireUser, limitStarts, limitPreviews }) => {
  app.addHook('onRequest', requireUser);

  app.post(
    endpoints.start.path,
    {
      preHandler: limitStarts,
      schema: {
        tags,
        security,
        summary: 'Draw up the contract and start signing it with PIN2 (Smart-ID, Mobile-ID) or give the ID-card the hash to sign',
        params: endpoints.start.params,
        body: endpoints.start.body,
        response: { 200: endpoints.start.response, ...errors, 429: apiErrorBodySchema },
      },
    },
    (request) => service.start(userOf(request), request.params.processId, request.body),
  );

  app.get(
    endpoints.status.path,
    { schema: { tags, security, summary: 'One status call of a signing: waiting for PIN2, signed and submitted, or how it ended', params: endpoints.status.params, response: { 200: endpoints.status.response, ...errors } } },
    (request) => service.status(userOf(request), request.params.processId, request.params.signingSessionId),
  );

  app.post(
    endpoints.idCardSignature.path,
    {
      schema: {
        tags,
        security,
        summary: "The ID-card's signature over the hash; validated, then the application is submitted",
        params: endpoints.idCardSignature.params,
        body: endpoints.idCardSignature.body,
        response: { 200: endpoints.idCardSignature.response, ...errors },
      },
    },
    (request) => service.idCardSignature(userOf(request), request.params.processId, request.params.signingSessionId, request.body.signature),
  );

  app.post(
    endpoints.cancel.path,
    { schema: { tags, security, summary: 'Cancel a signing that is still waiting', params: endpoints.cancel.params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.cancel(userOf(request), request.params.processId, request.params.signingSessionId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    endpoints.contract.path,
    {
      preHandler: limitPreviews,
      schema: { tags, security, summary: 'The contract as a PDF (application/pdf): the signed one once submitted', params: endpoints.contract.params },
    },
    async (request, reply) => {
      const { document, filename } = await service.contract(userOf(request), request.params.processId);
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(document);
    },
  );

  app.get(
    endpoints.signedContract.path,
    {
      schema: {
        tags,
        security,
        summary: `The signed contract as an ASiC-E container (${ASIC_E_MEDIA_TYPE}): the PDF, the XAdES signature with its time-stamp and OCSP response; DigiDoc opens it`,
        params: endpoints.signedContract.params,
      },
    },
    async (request, reply) => {
      const { container, filename } = await service.signedContainer(userOf(request), request.params.processId);
      return reply.type(ASIC_E_MEDIA_TYPE).header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(container);
    },
  );
};
