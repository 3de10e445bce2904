import { invitationEndpoints as endpoints } from '@onboarding/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { contractRoutes } from '../../plugins/contract-routes.js';
import { applicantAuth, type RequireUser } from '../auth/index.js';
import type { RateLimitHook } from '../rate-limits/index.js';
import type { CoSigningService } from './co-signing.js';
import type { DetailRequestService } from './detail-requests.js';

type Options = {
  service: CoSigningService;
  detailRequests: DetailRequestService;
  requireUser: RequireUser;
  /** Each invitation is a mail to an address the applicant types, and each look-up a token tried: limited per person. */
  limitInvitations: RateLimitHook;
};

function userOf(request: FastifyRequest) {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/** The co-signature calls of /onboarding (decision 39), built from invitationEndpoints in packages/domain. */
export const invitationRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, detailRequests, requireUser, limitInvitations }) => {
  const route = contractRoutes(app, applicantAuth(requireUser));

  route(endpoints.coSigning, { summary: 'The board members who may sign with the applicant, how many must, and how each invitation stands' }, (request) =>
    service.view(userOf(request), request.params.processId),
  );
  route(
    endpoints.invite,
    { status: 201, preHandler: limitInvitations, summary: 'Mail a board member a link to sign the contract too' },
    async (request, reply) => {
      const invitation = await service.invite(userOf(request), request.params.processId, request.body);
      return reply.status(201).send(invitation);
    },
  );
  route(endpoints.sendAgain, { preHandler: limitInvitations, summary: 'Mail an invitation’s link again, under a new token' }, (request) =>
    service.sendAgain(userOf(request), request.params.processId, request.params.invitationId),
  );
  route(endpoints.withdraw, { summary: 'Withdraw a pending invitation' }, (request) =>
    service.withdraw(userOf(request), request.params.processId, request.params.invitationId),
  );
  route(endpoints.detailRequests, { summary: 'The requests to related persons to give their own details' }, (request) =>
    detailRequests.list(userOf(request), request.params.processId),
  );
  route(
    endpoints.requestDetails,
    { status: 201, preHandler: limitInvitations, summary: 'Mail a related person a link to give their own details' },
    async (request, reply) => reply.status(201).send(await detailRequests.request(userOf(request), request.params.processId, request.body)),
  );
  route(endpoints.sendDetailRequestAgain, { preHandler: limitInvitations, summary: 'Mail a request’s link again, under a new token' }, (request) =>
    detailRequests.sendAgain(userOf(request), request.params.processId, request.params.invitationId),
  );
  route(endpoints.withdrawDetailRequest, { summary: 'Withdraw an open request for details' }, (request) =>
    detailRequests.withdraw(userOf(request), request.params.processId, request.params.invitationId),
  );
  route(endpoints.received, { preHandler: limitInvitations, summary: 'The invitation a link locates, for the person it names' }, (request) =>
    service.received(userOf(request), request.params.token),
  );
  route(endpoints.giveOwnDetails, { summary: 'The invited person gives their own details, kept beside the declaration' }, (request) =>
    service.giveOwnDetails(userOf(request), request.params.token, request.body),
  );
  route(endpoints.decline, { summary: 'Decline an invitation to sign, with a reason the applicant sees' }, (request) =>
    service.decline(userOf(request), request.params.token, request.body.reason),
  );
};
