import swagger from '@fastify/swagger';
import { INTEGRATION_BASE_PATH, INTEGRATION_TOKEN_PATH, integrationEndpoints, type IntegrationScope } from '@onboarding/domain';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { contractRoutes } from '../../plugins/contract-routes.js';
import type { SigningKeyRing } from '../auth/index.js';
import type { BankCustomers } from '../customers/index.js';
import type { DecisionsModule } from '../decisions/index.js';
import type { EventsModule } from '../events/index.js';
import type { Applications } from '../onboarding/index.js';
import type { SignedContracts } from '../signing/index.js';
import type { RateLimits } from '../rate-limits/index.js';
import { createAssertionRepository } from './assertion-repository.js';
import { createClientAssertionVerifier } from './client-assertion.js';
import { loadClientRegistry } from './clients.js';
import { createIntegrationService } from './integration-service.js';
import { createIntegrationTokens } from './integration-token.js';
import { createRequireIntegrationScope } from './require-scope.js';
import { integrationRoutes } from './routes.js';
import { customerRoutes } from './customer-routes.js';
import { decisionRoutes } from './decision-routes.js';
import { createIdempotentRequests } from './idempotent-requests.js';
import { tokenRoutes } from './token-routes.js';

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The integration API's own OpenAPI document (the onboarding one is `swagger`). */
    integrationSwagger: () => unknown;
  }
}

// Used assertions are forgotten this often once expired; until then a replay is refused by the table's key.
const PURGE_INTERVAL_MS = 10 * 60_000;

/** Whether a route belongs to the integration API: the onboarding document leaves these out. */
export const isIntegrationRoute = (url: string): boolean => url === INTEGRATION_TOKEN_PATH || url.startsWith(`${INTEGRATION_BASE_PATH}/`);

const SCOPE_DESCRIPTIONS: Record<IntegrationScope, string> = {
  'applications:read': 'Read submitted applications, their facts, history and signed contracts',
  'applications:decide': 'Record the bank’s decisions on submitted applications',
  'customers:manage': 'Keep the list of companies that are the bank’s customers already',
};

/**
 * The integration API of the bank's own systems: machine clients (registered by configuration) get a token with
 * private_key_jwt at POST /oauth2/v2/token and read submitted applications under /integration/v1. Its routes sit in
 * one encapsulated context with their own @fastify/swagger instance, so /integration/v1/openapi.json describes
 * exactly them.
 */
export type IntegrationPluginOptions = {
  config: Config;
  database: Database;
  /** The integration API's token keys (never the applicants') and the issuer it shares with applicant tokens. */
  signingKeys: SigningKeyRing;
  issuer: string;
  rateLimits: RateLimits;
  /** The onboarding module's applications: the submitted ones, their facts and their record. */
  applications: Pick<Applications, 'factsFor' | 'historyOf' | 'submittedPage' | 'findSubmitted'>;
  /** The signing module's signed contracts. */
  signedContracts: Pick<SignedContracts, 'currentSigned' | 'signersOf' | 'invitationsOf'>;
  decisions: DecisionsModule;
  events: Pick<EventsModule, 'enqueueDecisionRecorded' | 'sender'>;
  /** The bank's customers, which its systems keep here. */
  customers: BankCustomers;
};

export async function registerIntegration(app: FastifyInstance, options: IntegrationPluginOptions): Promise<void> {
  const { config, database, ...dependencies } = options;
  const clients = await loadClientRegistry(config, (error) =>
    app.log.error({ err: error }, 'INTEGRATION_CLIENTS_FILE no longer reads: no client is registered until it is fixed'),
  );
  const assertions = createAssertionRepository(database.db);
  const tokenUrl = `${config.PUBLIC_URL}${INTEGRATION_TOKEN_PATH}`;
  const tokens = createIntegrationTokens({ keys: dependencies.signingKeys, issuer: dependencies.issuer, clients });
  const verifyAssertion = createClientAssertionVerifier({ clients, tokenUrl, assertions });
  const service = createIntegrationService({ applications: dependencies.applications, signing: dependencies.signedContracts });

  const idempotentRequests = createIdempotentRequests(database.db);

  const purge = setInterval(() => {
    assertions.purgeExpired().catch((error: unknown) => app.log.warn({ err: error }, 'client assertions not purged'));
    idempotentRequests.purgeExpired().catch((error: unknown) => app.log.warn({ err: error }, 'idempotency keys not purged'));
  }, PURGE_INTERVAL_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  await app.register(async (integration) => {
    await integration.register(swagger, {
      decorator: 'integrationSwagger',
      openapi: {
        info: {
          title: 'Business account onboarding: integration API',
          description:
            'For the bank’s own systems: submitted applications with their facts, history and signed contracts. OAuth 2.0 client credentials with private_key_jwt (RFC 7523).',
          version: '1.0.0',
          license: { name: 'Proprietary' },
        },
        servers: [{ url: config.PUBLIC_URL }],
        components: {
          securitySchemes: {
            bankClient: { type: 'oauth2', flows: { clientCredentials: { tokenUrl, scopes: SCOPE_DESCRIPTIONS } } },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await integration.register(tokenRoutes, {
      verifyAssertion,
      tokens,
      limitTokens: dependencies.rateLimits.hook(dependencies.rateLimits.rules.tokenPerClient),
    });
    const requireScope = createRequireIntegrationScope(tokens);
    await integration.register(integrationRoutes, { service, requireScope });
    await integration.register(decisionRoutes, { requireScope, decisions: dependencies.decisions, events: dependencies.events, idempotentRequests });
    await integration.register(customerRoutes, { requireScope, customers: dependencies.customers });
    contractRoutes(integration)(integrationEndpoints.openApi, {}, () => integration.integrationSwagger());
  });
}
