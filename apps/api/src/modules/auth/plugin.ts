import { AUTH_BASE_PATH, authEndpoints } from '@onboarding/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { contractRoutes } from '../../plugins/contract-routes.js';
import { createAccessTokens } from './access-token.js';
import { createAuthRepository } from './auth-repository.js';
import { createAuthService, type AuthService } from './auth-service.js';
import { createDeviceLinkSignIn } from './smart-id-device-link.js';
import { createRequireUser, type RequireUser } from './authenticate.js';
import { authenticationEventRoutes } from './authentication-event-routes.js';
import { authorizeWithIdCard } from './id-card.js';
import { createIdCardServer } from './id-card-server.js';
import { createIdentityServices, type IdentityServices } from './identity-services.js';
import { authRoutes } from './routes.js';
import { simulatedIdCardRoutes } from './simulated-id-card.js';
import { loadKeyEncryptionKeys, seal, unseal, type KeyEncryptionKeys, type Sealed } from './key-encryption.js';
import { loadSigningKeys, type SigningKeyPurpose, type SigningKeyRing } from './signing-key.js';
import type { SimulatorHandle } from '../../simulators/index.js';
import type { RateLimits } from '../rate-limits/index.js';

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The identity simulators this process started (tests read the simulated phone's screen from them). */
    identitySimulators?: SimulatorHandle;
  }
}

export type AuthModule = {
  service: AuthService;
  requireUser: RequireUser;
  /** Origin of the eid listener, once it listens; empty when there is none. */
  eidUrl(): string;
  /** The identity clients, for signing the contract with the same services. */
  identity: IdentityServices;
  /** The integration API's keys (never the applicants') and the issuer it shares with applicant tokens. */
  tokenSigning: { integrationKeys: SigningKeyRing; issuer: string };
  /** Seals a secret another module keeps in the database with this instance's key-encryption keys; context names its use. */
  sealing(context: string): { seal(value: string): Sealed; unseal(sealed: Sealed): string };
};

/**
 * Sign-in: the /oauth2/v2 routes, the authentication events, the eid listener
 * for ID-card, and requireUser for every route that needs a signed-in user.
 */
export type AuthPluginOptions = { config: Config; database: Database; rateLimits: RateLimits };

export async function registerAuth(app: FastifyInstance, { config, database, rateLimits }: AuthPluginOptions): Promise<AuthModule> {
  let keks: KeyEncryptionKeys | undefined;
  // Read (or, in simulated mode, generated) only when a key is kept in the database.
  const keyEncryption = () => (keks ??= loadKeyEncryptionKeys(config));
  const ringOf = (purpose: SigningKeyPurpose, keyFile: string | undefined) =>
    loadSigningKeys({ purpose, ...(keyFile ? { keyFile } : {}), dataDir: config.dataDir, database, keyEncryption });
  const keys = await ringOf('applicant', config.AUTH_SIGNING_KEY_FILE);
  const integrationKeys = await ringOf('integration', config.INTEGRATION_SIGNING_KEY_FILE);
  const issuer = `${config.PUBLIC_URL}${AUTH_BASE_PATH}`;
  const accessTokens = createAccessTokens({ keys, issuer, ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS });
  const repository = createAuthRepository(database.db);
  const identity = await createIdentityServices(config, app.log);
  if (identity.localSimulators) app.decorate('identitySimulators', identity.localSimulators);
  const deviceLinks = createDeviceLinkSignIn({
    repository,
    client: identity.smartId,
    keyEncryption,
    publicUrl: config.PUBLIC_URL,
    now: () => new Date(),
  });
  const service = createAuthService({
    repository,
    providers: identity.providers,
    deviceLinks,
    accessTokens,
    sessionIdleTimeoutSeconds: config.SESSION_IDLE_TIMEOUT_SECONDS,
    sessionCheckCacheMs: config.SESSION_CHECK_CACHE_MS,
  });
  const requireUser = createRequireUser(accessTokens, service);

  const { rules } = rateLimits;
  await app.register(authRoutes, {
    service,
    isMagicSignInEnabled: config.isMagicSignInEnabled,
    limitStarts: rateLimits.hook(rules.signInStartPerPerson, rules.signInStartPerClient),
    limitDeviceLinkStarts: rateLimits.hook(rules.signInStartPerClient),
    limitTokens: rateLimits.hook(rules.tokenPerClient),
    isSecure: config.PUBLIC_URL.startsWith('https:'),
  });
  await app.register(authenticationEventRoutes, { repository, requireUser, limitFailedEvents: rateLimits.hook(rules.failedEventPerClient) });

  // Behind a reverse proxy that terminates the eid host's TLS and passes the certificate in a header.
  const certificateHeader = config.EID_CLIENT_CERT_HEADER;
  if (certificateHeader) {
    const limitIdCardStarts = rateLimits.hook(rules.signInStartPerClient);
    contractRoutes(app)(authEndpoints.idCard, { onRequest: limitIdCardStarts, summary: 'ID-card sign-in (behind the eid proxy)' }, async (request) => {
      const header = request.headers[certificateHeader];
      const certificatePem = typeof header === 'string' && header ? decodeURIComponent(header) : undefined;
      return authorizeWithIdCard({
        certificatePem,
        trustAnchors: identity.idCardTrustAnchors,
        common: request.body,
        clientAddress: request.ip,
        service,
      });
    });
  }

  // Simulated mode: the simulated card reader's challenge and answer on this host; live mode never has these routes.
  if (identity.simulators) {
    await simulatedIdCardRoutes(app, {
      db: database.db,
      service,
      trustAnchors: identity.idCardTrustAnchors,
      origin: new URL(config.PUBLIC_URL).origin,
      limitStarts: rateLimits.hook(rules.signInStartPerClient),
      limitAnswers: rateLimits.hook(rules.tokenPerClient),
    });
  }

  let eidUrl = config.EID_PUBLIC_URL ?? '';
  if (config.EID_PORT !== undefined && identity.eidTls) {
    const eidServer = createIdCardServer({
      tls: identity.eidTls,
      trustAnchors: identity.idCardTrustAnchors,
      allowedOrigin: new URL(config.PUBLIC_URL).origin,
      service,
      logger: app.log.child({ module: 'eid' }),
    });
    const address = await eidServer.listen({ host: config.HOST, port: config.EID_PORT });
    eidUrl ||= new URL(address).origin.replace('0.0.0.0', 'localhost');
    app.addHook('onClose', () => eidServer.close());
  }
  app.addHook('onClose', () => identity.close());

  const sealing = (context: string) => ({
    seal: (value: string) => seal(keyEncryption(), value, context),
    unseal: (sealed: Sealed) => unseal(keyEncryption(), sealed, context),
  });

  return { service, requireUser, eidUrl: () => eidUrl, identity, tokenSigning: { integrationKeys, issuer }, sealing };
}
