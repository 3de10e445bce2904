import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BASE_PATH, LOCALES, type PageSettings } from '@onboarding/domain';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';

const PAGE_SETTINGS_PLACEHOLDER = '<meta name="page-settings" content="" />';

/**
 * Serves the built web app under /start/: hashed assets cached for a year,
 * index.html never cached, and every other /start/ path answered with
 * index.html so the client router decides (SPEC.md section 2).
 */
export async function registerWebApp(app: FastifyInstance, config: Config, options: { eidUrl: string }): Promise<void> {
  const indexPath = path.join(config.webDistDir, 'index.html');

  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(BASE_PATH));

  if (!existsSync(indexPath)) {
    app.log.warn({ webDistDir: config.webDistDir }, 'web app is not built; /start/ answers 503');
    app.get('/start/*', { schema: { hide: true } }, async () => {
      throw new AppError('SERVICE_UNAVAILABLE', 'The web app is not built.');
    });
    return;
  }

  const indexHtml = renderIndexHtml(readFileSync(indexPath, 'utf8'), {
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
    locales: LOCALES,
    eidUrl: options.eidUrl,
    isMagicSignInEnabled: config.isMagicSignInEnabled,
    isIdentitySimulated: config.IDENTITY_MODE === 'simulated',
    onlineBankUrl: config.ONLINE_BANK_URL,
  });

  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

  await app.register(fastifyStatic, {
    root: config.webDistDir,
    prefix: BASE_PATH,
    // Files are routed one by one at start; the catch-all below answers the rest.
    wildcard: false,
    index: false,
    serveDotFiles: false,
    // index.html is answered below, with the page settings filled in.
    globIgnore: ['index.html'],
    schemaHide: true,
    // Cache headers are ours (setHeaders); the plugin's own would overwrite them.
    cacheControl: false,
    setHeaders: (response, filePath) => {
      const isHashedAsset = filePath.startsWith(path.join(config.webDistDir, 'assets') + path.sep);
      response.setHeader('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  app.get('/start', { schema: { hide: true } }, (_request, reply) => reply.redirect(BASE_PATH));
  app.get('/start/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get('/start/index.html', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get('/start/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A missing script or style must fail as such, not arrive as an HTML page.
    if (pathname.startsWith('/start/assets/') || /\.[a-z0-9]+$/i.test(pathname)) {
      throw new AppError('NOT_FOUND', `No file at ${pathname}.`);
    }
    return sendIndex(reply);
  });
}

export function renderIndexHtml(html: string, settings: PageSettings): string {
  const content = JSON.stringify(settings).replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  return html.replace(PAGE_SETTINGS_PLACEHOLDER, `<meta name="page-settings" content="${content}" />`);
}
