import type { TLSSocket } from 'node:tls';
import cors from '@fastify/cors';
import { authEndpoints } from '@onboarding/domain';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../plugins/contract-routes.js';
import { registerErrorHandlers } from '../../plugins/error-handler.js';
import { validatorCompiler } from '../../plugins/validation.js';
import type { AuthService } from './auth-service.js';
import { authorizeWithIdCard } from './id-card.js';

export type IdCardServerOptions = {
  tls: { cert: string; key: string };
  /** PEM texts of the CAs that issue ID-cards; the TLS handshake asks the browser for a certificate from them. */
  trustAnchors: string[];
  /** The origin of the web app, the only one allowed to call this host with credentials. */
  allowedOrigin: string;
  service: Pick<AuthService, 'completeIdCard'>;
  logger: FastifyBaseLogger;
};

/**
 * The eid host: an HTTPS listener that requests the ID-card's client
 * certificate during the TLS handshake (docs/eid-facts.md section 5.1). A
 * missing or untrusted certificate does not break the handshake; the route
 * answers no_certificate or invalid_certificate, so the screen can explain it.
 */
export function createIdCardServer(options: IdCardServerOptions): FastifyInstance {
  const app = Fastify({
    loggerInstance: options.logger,
    https: { cert: options.tls.cert, key: options.tls.key, ca: options.trustAnchors, requestCert: true, rejectUnauthorized: false },
    forceCloseConnections: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);
  void app.register(cors, { origin: options.allowedOrigin, credentials: true, methods: ['POST'] });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('cache-control', 'no-store');
  });

  contractRoutes(app)(authEndpoints.idCard, { summary: 'ID-card sign-in with the TLS client certificate' }, async (request) => {
    const socket = request.raw.socket as TLSSocket;
    const peer = socket.getPeerCertificate?.();
    const certificatePem = peer?.raw ? toPem(peer.raw) : undefined;
    return authorizeWithIdCard({
      certificatePem,
      trustAnchors: options.trustAnchors,
      common: request.body,
      clientAddress: request.ip,
      service: options.service,
    });
  });

  return app;
}

function toPem(der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
