import { authenticationEventEndpoints } from '@onboarding/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../plugins/contract-routes.js';
import type { AuthRepository } from './auth-repository.js';
import { applicantAuth, type RequireUser } from './authenticate.js';
import type { RateLimitHook } from '../rate-limits/index.js';

type Options = {
  repository: AuthRepository;
  requireUser: RequireUser;
  /** The endpoint needs no token and its table is append-only: limited per client address. */
  limitFailedEvents: RateLimitHook;
};

// An event is a small record; a large body is someone filling our table.
const EVENT_BODY_LIMIT_BYTES = 16 * 1024;

/** Authentication events of docs/requirements.md section 7, kept in the append-only authentication_events table. */
export const authenticationEventRoutes: FastifyPluginAsyncZod<Options> = async (app, { repository, requireUser, limitFailedEvents }) => {
  const { failed, completed } = authenticationEventEndpoints;
  const route = contractRoutes(app, applicantAuth(requireUser));

  route(
    failed,
    { status: 204, bodyLimit: EVENT_BODY_LIMIT_BYTES, onRequest: limitFailedEvents, summary: 'Record a failed sign-in (no token needed; limited per address)' },
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

  route(completed, { status: 204, bodyLimit: EVENT_BODY_LIMIT_BYTES, summary: 'Record a completed sign-in' }, async (request, reply) => {
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
  });
};
