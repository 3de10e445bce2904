import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { brandAssets } from '../brand/index.js';
import type { Config } from '../config.js';

/**
 * Security headers on every response. Scripts only from our own origin (no
 * unsafe-inline), no framing, no MIME sniffing, no referrer to other sites.
 * HSTS and upgrade-insecure-requests only when the public address is https:
 * on plain http they would lock browsers out.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const isHttps = config.PUBLIC_URL.startsWith('https://');
  // The page calls the APIs at their own hosts when the bank serves them apart, and the eid host for the ID-card.
  const apiHosts = [config.AUTH_API_URL, config.ONBOARDING_API_URL, config.EID_PUBLIC_URL && new URL(config.EID_PUBLIC_URL).origin].filter(
    (origin): origin is string => Boolean(origin),
  );
  const headers = headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The brand's colours and font faces are in the page (web/routes.ts withBrand): that one style, by its hash.
        styleSrc: ["'self'", brandAssets(config.brand).cssSource],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...new Set(apiHosts)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });

  // API answers carry personal data (names, personal codes, the application): no shared or
  // browser cache may keep them. Answers that choose their own caching (reference data with
  // ETags, static files) keep it.
  // A callback, not an async function: it runs on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    const isApi = request.url.startsWith('/onboarding/') || request.url.startsWith('/oauth2/') || request.url.startsWith('/integration/');
    if (isApi && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/**
 * The headers helmet sets with these options, worked out once. They are the same for every
 * response (no CSP nonces), and building helmet's middleware per request, as @fastify/helmet
 * does, cost about 6 % of a read's CPU.
 */
export function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
      return response;
    },
    // helmet removes X-Powered-By, which Fastify never sets.
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}
