import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS } from './app.js';
import { buildTestApp, createWebDist } from './test/app.js';

let app: FastifyInstance;
const METRICS_TOKEN = 'metrics-token-of-the-scraper-0123456789';

beforeAll(async () => {
  app = await buildTestApp({ METRICS_TOKEN });
});

afterAll(async () => {
  await app.close();
});

describe('operations endpoints', () => {
  it('/healthz says the process is alive', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz says the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 503 once the instance is stopping, while /healthz and the API still answer', async () => {
    const stopping = await buildTestApp();
    try {
      stopping.markStopping();
      const ready = await stopping.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect((await stopping.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await stopping.inject({ method: 'GET', url: '/onboarding/openapi.json' })).statusCode).toBe(200);
    } finally {
      await stopping.close();
    }
  });

  it('/metrics answers only the scraper that sends METRICS_TOKEN, and is not there without one', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}x` } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}` } })).statusCode).toBe(401);
    const withoutToken = await buildTestApp();
    try {
      expect((await withoutToken.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await withoutToken.close();
    }
  });

  it('/metrics answers Prometheus text with the request histogram', async () => {
    await app.inject({ method: 'GET', url: '/healthz' });
    const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('process_cpu_user_seconds_total');
    expect(response.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} \d+/);
  });

  it('/onboarding/openapi.json is an OpenAPI document generated from the zod schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/onboarding/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/readyz'].get.responses['200'].content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { status: { type: 'string', enum: ['ok'] } },
    });
    expect(document.paths['/metrics']).toBeUndefined();
  });

  it('/docs serves the API documentation page', async () => {
    const response = await app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('the web app at /start/', () => {
  it('redirects / to /start/', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/start/');
  });

  it('answers index.html, never cached, with the page settings filled in', async () => {
    const response = await app.inject({ method: 'GET', url: '/start/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const content = /<meta name="page-settings" content="([^"]*)"/.exec(response.body)?.[1] ?? '';
    expect(JSON.parse(content.replaceAll('&quot;', '"'))).toEqual({
      bankName: 'Pank AS',
      logoPath: expect.stringMatching(/^\/start\/brand\/[\w-]{16}\.svg$/),
      supportEmail: 'ettevotlus@pank.ee',
      supportPhone: '+372 600 0000',
      locales: ['et', 'en', 'ru'],
      eidUrl: '',
      isMagicSignInEnabled: true,
      isIdentitySimulated: true,
      onlineBankUrl: 'https://www.pank.ee/ettevote',
      authApiUrl: '',
      onboardingApiUrl: '',
    });
  });

  it('compresses index.html as the browser accepts, varying by it', async () => {
    const br = await app.inject({ method: 'GET', url: '/start/authentication', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<meta name="page-settings" content="{');
    const gzip = await app.inject({ method: 'GET', url: '/start/', headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<div id="root">');
    for (const response of [br, gzip]) {
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    expect((await app.inject({ method: 'GET', url: '/start/' })).headers['content-encoding']).toBeUndefined();
  });

  it('answers any unknown /start/ path with index.html so the client router decides', async () => {
    for (const url of ['/start/authentication', '/start/application/incomes?processId=1', '/start/no/such/page']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/start/assets/index-3f2a1b.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves no source map: the build keeps them, the server does not hand out the source', async () => {
    const response = await app.inject({ method: 'GET', url: '/start/assets/index-3f2a1b.js.map' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('sourcesContent');
  });

  it('does not cache unhashed files such as the icon', async () => {
    const response = await app.inject({ method: 'GET', url: '/start/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  describe('APIs served at hosts of their own (docs/requirements.md section 7)', () => {
    let apart: FastifyInstance;
    beforeAll(async () => {
      apart = await buildTestApp({
        PUBLIC_URL: 'https://pank.example',
        AUTH_API_URL: 'https://login.pank.example',
        ONBOARDING_API_URL: 'https://api.pank.example/',
      });
    });
    afterAll(async () => {
      await apart.close();
    });

    it('names the hosts in the page settings, lets the page connect to them, and lets the page call them across origins', async () => {
      const page = await apart.inject({ method: 'GET', url: '/start/' });
      const content = /<meta name="page-settings" content="([^"]*)"/.exec(page.body)?.[1] ?? '';
      expect(JSON.parse(content.replaceAll('&quot;', '"'))).toMatchObject({
        authApiUrl: 'https://login.pank.example',
        onboardingApiUrl: 'https://api.pank.example',
      });
      expect(page.headers['content-security-policy']).toContain("connect-src 'self' https://login.pank.example https://api.pank.example");
      const preflight = await apart.inject({
        method: 'OPTIONS',
        url: '/onboarding/representative',
        headers: { origin: 'https://pank.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://pank.example');
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
      const foreign = await apart.inject({ method: 'GET', url: '/onboarding/reference/countries', headers: { origin: 'https://evil.example' } });
      expect(foreign.headers['access-control-allow-origin']).not.toBe('https://evil.example');
    });

    it('refuses an API host with a path: the page puts the paths after it', async () => {
      await expect(buildTestApp({ ONBOARDING_API_URL: 'https://api.pank.example/onboarding' })).rejects.toThrow(/ONBOARDING_API_URL/);
    });
  });

  describe('precompressed assets', () => {
    const script = `console.log(${JSON.stringify('app '.repeat(500))});`;
    let compressedApp: FastifyInstance;
    const get = (url: string, acceptEncoding?: string) =>
      compressedApp.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

    beforeAll(async () => {
      const dist = createWebDist();
      const file = path.join(dist, 'assets', 'index-4c5d6e.js');
      writeFileSync(file, script);
      writeFileSync(`${file}.br`, brotliCompressSync(script));
      writeFileSync(`${file}.gz`, gzipSync(script));
      compressedApp = await buildTestApp({ WEB_DIST_DIR: dist });
    });

    afterAll(async () => {
      await compressedApp.close();
    });

    it('sends brotli or gzip as the browser accepts, with the headers of the asset itself', async () => {
      const br = await get('/start/assets/index-4c5d6e.js', 'gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      const gzip = await get('/start/assets/index-4c5d6e.js', 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
      for (const response of [br, gzip]) {
        expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      }
    });

    it('sends the file as it is to a browser that accepts no encoding, still varying by it', async () => {
      const response = await get('/start/assets/index-4c5d6e.js');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(script);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
    });

    it('does not serve the compressed files under their own names', async () => {
      expect((await get('/start/assets/index-4c5d6e.js.br', 'br')).statusCode).toBe(404);
      expect((await get('/start/assets/index-4c5d6e.js.gz', 'gzip')).statusCode).toBe(404);
    });
  });

  it('answers a missing asset with 404, not with the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/start/assets/index-000000.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('errors', () => {
  it('answers an unknown route with 404 in the error shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/onboarding/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'No route for GET /onboarding/nothing-here.' });
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/healthz',
      headers: { 'content-type': 'application/json' },
      payload: '{"not json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'MALFORMED_REQUEST', message: 'The request could not be read.' });
  });
});

describe('slow clients', () => {
  it('get two minutes to send a whole request, as the HTTP server is told (Node checks it on its own clock)', () => {
    expect(app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(120_000);
  });
});

describe('security headers', () => {
  it('are on every response, including errors', async () => {
    for (const url of ['/healthz', '/start/', '/nothing']) {
      const response = await app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      // Plain http: no HSTS, which would lock browsers out.
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
      // The rest of helmet's defaults, worked out once at start (plugins/security-headers.ts).
      expect(response.headers, url).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
    }
  });

  it('keep API answers out of every cache, and leave reference data its own caching', async () => {
    const token = (await app.inject({ method: 'POST', url: '/oauth2/v2/authorize/magic', payload: { personalId: '38001085718' } })).json()
      .accessToken as string;
    const representative = await app.inject({ method: 'GET', url: '/onboarding/representative', headers: { authorization: `Bearer ${token}` } });
    expect(representative.headers['cache-control']).toBe('no-store');
    const refused = await app.inject({ method: 'GET', url: '/onboarding/representative' });
    expect(refused.headers['cache-control']).toBe('no-store');
    const countries = await app.inject({ method: 'GET', url: '/onboarding/reference/countries' });
    expect(countries.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('include HSTS and upgrade-insecure-requests behind https', async () => {
    const httpsApp = await buildTestApp({ PUBLIC_URL: 'https://konto.pank.ee' });
    try {
      const response = await httpsApp.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await httpsApp.close();
    }
  });
});
