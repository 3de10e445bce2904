import { authenticationEventEndpoints } from '@onboarding/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRepository } from './auth-repository.js';
import type { RequireUser } from './authenticate.js';
import type { RateLimitHook } from '../rate-limits/index.js';

type Options = {
  repository: AuthRepository;
  requireUser: RequireUser;
  /** The endpoint needs no token and its table is append-only: limited per client address. */
  limitFailedEvents: RateLimitHook;
};

// An event is a small record; a large body is someone filling our table.
const EVENT_BODY_LIMIT_BYTES = 16 * 1024;
const tags = ['sign-in'];

/** Authentication events of SPEC.md section 7, kept in the append-only authentication_events table. */
export const authenticationEventRoutes: FastifyPluginAsyncZod<Options> = async (app, { repository, requireUser, limitFailedEvents }) => {
  const { failed, completed } = authenticationEventEndpoints;

  app.post(
    failed.path,
    {
      bodyLimit: EVENT_BODY_LIMIT_BYTES,
      onRequest: limitFailedEvents,
      schema: { tags, summary: 'Record a failed sign-in (no token needed; limited per address)', body: failed.body, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const event = request.body;
      await repository.insertAuthenticationEvent({
        result: 'FAILED',
        authenticationMethod: event.authenticationMethod,
        personalId: event.personalId,
        visitorId: event.visitorId,
        payload: event,
        clientAddress: request.ip,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    completed.path,
    {
      bodyLimit: EVENT_BODY_LIMIT_BYTES,
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Record a completed sign-in',
        security: [{ bearerAuth: [] }],
        body: completed.body,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const event = request.body;
      // Who signed in comes from the token, not from the body.
      await repository.insertAuthenticationEvent({
        result: 'COMPLETED',
        authenticationMethod: request.user?.authenticationMethod,
        personalId: request.user?.personalId,
        visitorId: event.visitorId,
        payload: event,
        clientAddress: request.ip,
      });
      return reply.status(204).send(null);
    },
  );
};
