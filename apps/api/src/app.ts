import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { onboardingEndpoints } from '@onboarding/domain';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { isIdCardSignInOffered } from './modules/auth/index.js';
import { registerAuth } from './modules/auth/plugin.js';
import { createBankCustomers } from './modules/customers/index.js';
import { registerDecisions } from './modules/decisions/plugin.js';
import type { EventsModuleDependencies } from './modules/events/index.js';
import { registerEvents } from './modules/events/plugin.js';
import { registerHealth } from './modules/health/plugin.js';
import { isIntegrationRoute } from './modules/integration/index.js';
import { registerIntegration } from './modules/integration/plugin.js';
import type { MailModuleDependencies } from './modules/mail/index.js';
import { registerMail } from './modules/mail/plugin.js';
import { registerOnboarding } from './modules/onboarding/plugin.js';
import { registerRateLimits } from './modules/rate-limits/plugin.js';
import { registerReference } from './modules/reference/plugin.js';
import { createRegister, type BusinessRegister } from './modules/registry/index.js';
import { registerRegistry } from './modules/registry/plugin.js';
import { registerRetention } from './modules/retention/plugin.js';
import { registerSigning } from './modules/signing/plugin.js';
import { registerWeb } from './modules/web/plugin.js';
import { closeConnectionsOnShutdown } from './plugins/close-connections-on-shutdown.js';
import { contractRoutes } from './plugins/contract-routes.js';
import { registerErrorHandlers, toAppError } from './plugins/error-handler.js';
import { loggableError, requestLogFields } from './plugins/log-privacy.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import cors from '@fastify/cors';
import { validatorCompiler } from './plugins/validation.js';

export type AppDependencies = {
  /** An already open database; when omitted the app opens one from the configuration. */
  database?: Database;
  /** The mail transport and outbox policy instead of those from the configuration (tests: short retries, SMTP timeouts). */
  mail?: Pick<MailModuleDependencies, 'transport' | 'outboxPolicy'>;
  /** The business register instead of RIK's service or its stand-in (tests: a register that changes). */
  register?: BusinessRegister;
  /** The event outbox's lease, back-off and clock, and the sender's polling interval (tests: short retries). */
  events?: Pick<EventsModuleDependencies, 'outboxPolicy' | 'intervalMs'>;
};

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    database: Database;
    /** From now on /readyz answers 503, so that a load balancer stops sending new requests here (server.ts). */
    markStopping: () => void;
  }
}

function docsContentSecurityPolicy(header: string, config: Config): string {
  const directives = header
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !directive.startsWith('frame-ancestors') && !directive.startsWith('upgrade-insecure-requests'));
  directives.push("frame-ancestors 'none'");
  if (config.PUBLIC_URL.startsWith('https://')) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** Two minutes to send a request: a 1 MiB body arrives in that time over a slow mobile link. */
export const REQUEST_TIMEOUT_MS = 120_000;

/** Builds the whole server from configuration; tests build it the same way and call app.inject. */
export async function buildApp(config: Config, dependencies: AppDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // No personal codes or typed values in the logs: routes by their pattern, failed queries without their parameters.
      serializers: { req: requestLogFields, err: loggableError },
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // A client has this long to send its whole request (slow-client protection without a proxy). Fastify's default
    // of 0 would also switch off Node's own limit; a handler's own time is not counted.
    requestTimeout: REQUEST_TIMEOUT_MS,
    // On close, idle keep-alive sockets are closed at once; in-flight requests finish.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: false },
    // Fastify answers a malformed percent-encoding or a path parameter over maxParamLength before any
    // route, with its own body (FST_ERR_BAD_URL and the path); found by the fuzz suite. Ours instead.
    frameworkErrors: (error, _request, reply) => {
      const appError = toAppError(error);
      void (reply as FastifyReply).status(appError.statusCode).send(appError.toJSON());
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);
  closeConnectionsOnShutdown(app);

  // External plugins first, then the app's own, then routes (fastify/demo's order).
  await registerSecurityHeaders(app, config);
  // APIs served at hosts of their own (AUTH_API_URL, ONBOARDING_API_URL): the page's origin may call them, with its
  // bearer token. Same-origin, the default, needs none of this.
  if (config.AUTH_API_URL || config.ONBOARDING_API_URL) {
    await app.register(cors, { origin: new URL(config.PUBLIC_URL).origin, credentials: true, methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] });
  }
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Business account onboarding API',
        description: 'Sign-in (/oauth2/v2) and the account-opening application (/onboarding).',
        version: '1.0.0',
        license: { name: 'Proprietary' },
      },
      servers: [{ url: config.PUBLIC_URL }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // The integration API has its own document (modules/integration/plugin.ts): its routes stay out of this one.
    transform: (input) => (isIntegrationRoute(input.url) ? { schema: { hide: true }, url: input.url } : jsonSchemaTransform(input)),
    // Named schemas (such as the nested register shareholder) become components.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { url: '/onboarding/openapi.json' },
    // The docs page brings its own CSP (with hashes for its scripts); keep our framing and https rules.
    staticCSP: true,
    transformStaticCSP: (header) => docsContentSecurityPolicy(header, config),
  });

  const database =
    dependencies.database ??
    (await openDatabase(
      config.DATABASE_URL ? { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE } : { dataDir: path.join(config.dataDir, 'pglite') },
    ));
  app.decorate('database', database);
  app.addHook('onClose', async () => {
    // A database handed in by the caller is the caller's to close.
    if (!dependencies.database) await database.close();
  });

  // Each module is wired here by its plugin.ts, with an options object; what one gives another passes through here.
  const events = await registerEvents(app, { config, database, ...dependencies.events });

  const metrics = registerMetrics(app, config.METRICS_TOKEN);
  let isStopping = false;
  app.decorate('markStopping', () => {
    isStopping = true;
  });
  await registerHealth(app, { ping: () => database.ping(), isStopping: () => isStopping });
  contractRoutes(app)(onboardingEndpoints.openApi, {}, () => app.swagger());
  const rateLimits = await registerRateLimits(app, { config, database });
  const auth = await registerAuth(app, { config, database, rateLimits });
  const mail = await registerMail(app, {
    config,
    database,
    isSimulated: config.IDENTITY_MODE === 'simulated',
    isIdCardSignInOffered: isIdCardSignInOffered(config, auth.eidUrl()),
    ...dependencies.mail,
  });
  await registerReference(app);
  // The e-Business Register over RIK's XML service: RIK's own when live, the simulators' stand-in when simulated.
  const register = dependencies.register ?? createRegister(config, auth.identity.simulators, { db: database.db, metrics });
  // The bank's customers: kept by the bank's systems through the integration API, asked when a company is chosen.
  const customers = createBankCustomers(database.db);
  const onboarding = await registerOnboarding(app, { config, database, requireUser: auth.requireUser, rateLimits, mail, events, register, customers });
  await registerRegistry(app, { register, requireUser: auth.requireUser, access: onboarding.lookupAccess, rateLimits });
  const signing = await registerSigning(app, {
    config,
    database,
    requireUser: auth.requireUser,
    identity: auth.identity,
    rateLimits,
    applications: onboarding.applications,
    mail,
    smartIdDeviceOf: auth.service.smartIdDeviceOf,
    sealing: auth.sealing('smart-id certificate choice session secret'),
  });
  const decisions = registerDecisions(app, { database, applications: onboarding.applications, customers, serviceFeePayee: config.serviceFee?.payee });
  await registerIntegration(app, {
    config,
    database,
    signingKeys: auth.tokenSigning.integrationKeys,
    issuer: auth.tokenSigning.issuer,
    rateLimits,
    applications: onboarding.applications,
    signedContracts: signing.signedContracts,
    decisions,
    events,
    customers,
  });
  registerRetention(app, { config, database });
  await registerWeb(app, { config, eidUrl: auth.eidUrl() });

  return app;
}
