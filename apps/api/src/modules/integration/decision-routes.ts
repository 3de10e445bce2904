import { integrationEndpoints as endpoints } from '@onboarding/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractRoutes } from '../../plugins/contract-routes.js';
import type { DecisionsModule } from '../decisions/index.js';
import type { EventsModule } from '../events/index.js';
import { idempotencyKeyOf, requestHashOf, type IdempotentRequests } from './idempotent-requests.js';
import { integrationAuth, type RequireIntegrationScope } from './require-scope.js';

type DecisionRoutesOptions = {
  requireScope: RequireIntegrationScope;
  decisions: DecisionsModule;
  events: Pick<EventsModule, 'enqueueDecisionRecorded' | 'sender'>;
  idempotentRequests: IdempotentRequests;
};

const endpoint = endpoints.decisions;

/**
 * POST /integration/v1/applications/:processId/decisions (scope applications:decide). One decision is one
 * transaction: the Idempotency-Key's answer, the application's new status and version, its record, the applicant's
 * mail and the webhook event are kept together or not at all.
 */
export const decisionRoutes: FastifyPluginAsyncZod<DecisionRoutesOptions> = async (app, { requireScope, decisions, events, idempotentRequests }) => {
  contractRoutes(app, integrationAuth(requireScope))(
    endpoint,
    {
      status: 201,
      summary: 'Record what the bank did or decided on a submitted application, on the version it read',
      description:
        'Needs an Idempotency-Key header (1-255 visible ASCII characters; a UUID will do): a repeat with the same key and body gets the first answer again, with Idempotent-Replayed: true, and records nothing; the same key with another body answers 422. A decision made on another version than the current answers 409 STALE_VERSION with currentVersion. MORE_INFORMATION_NEEDED reopens exactly the named steps for the applicant, who signs again; APPROVED and DECLINED are final. Each decision is sent to the webhook as a decision-recorded event.',
      headers: z.object({ 'idempotency-key': z.string().optional() }),
    },
    async (request, reply) => {
      const client = request.integrationClient;
      if (!client) throw new Error('the scope hook let a request through without its client');
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const { processId } = request.params;
      const answer = await idempotentRequests.once(
        { clientId: client.clientId, key, requestHash: requestHashOf([endpoint.path, processId, request.body]) },
        async (tx) => {
          const recorded = await decisions.recordDecision(
            { processId, applicationVersion: request.body.applicationVersion, decision: request.body.decision, clientId: client.clientId },
            {
              onRecorded: async (decisionTx, result) => {
                await events.enqueueDecisionRecorded(decisionTx, {
                  processId: result.processId,
                  applicationNumber: result.applicationNumber,
                  decision: result.decision,
                  status: result.status,
                  version: result.version,
                  recordedBy: client.clientId,
                  recordedAt: new Date(result.recordedAt),
                });
              },
            },
            tx,
          );
          return { statusCode: 201, body: recorded };
        },
      );
      if (!answer.isRepeat) events.sender.wake();
      if (answer.isRepeat) void reply.header('idempotent-replayed', 'true');
      // A kept answer is one the route gives (201, or a refusal of 4xx): its status and body go out as they were.
      return reply.status(answer.statusCode as 201).send(answer.body as z.infer<typeof endpoint.response>);
    },
  );
};
