import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BASE_PATH, DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALES, type Locale, type PageSettings, type PrerenderedScreen } from '@onboarding/domain';
import { brandAssets, type BrandAssets } from '../../brand/index.js';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import { readFirstScreenPreloads, screenOfPath } from './first-screen-preloads.js';
import { readPrerenderedScreens } from './prerendered-screens.js';

const PAGE_SETTINGS_PLACEHOLDER = '<meta name="page-settings" content="" />';

/** The sign-in screen's address. The start address leads there too, unless someone is signed in. */
const SIGN_IN_SCREEN = `${BASE_PATH}authentication`;
/** The screens (keys of SCREEN_MODULES) that open on the sign-in screen: the start address leads there too. */
const SIGN_IN_SCREENS = new Set(['', 'authentication']);

type IndexVariant = { html: string; br: Buffer; gzip: Buffer };

/** Files that may have a precompressed x.br or x.gz beside them, and the compressed files themselves. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt)(?:\.br|\.gz)?$/;

/**
 * Serves the built web app under /start/: hashed assets cached for a year,
 * index.html never cached, and every other /start/ path answered with
 * index.html so the client router decides (docs/requirements.md section 2).
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

  const brand = brandAssets(config.brand);
  const settings: PageSettings = {
    bankName: config.brand.name,
    logoPath: brand.logoPath,
    supportEmail: config.brand.support.email,
    supportPhone: config.brand.support.phone,
    locales: LOCALES,
    eidUrl: options.eidUrl,
    isMagicSignInEnabled: config.isMagicSignInEnabled,
    isIdentitySimulated: config.IDENTITY_MODE === 'simulated',
    onlineBankUrl: config.ONLINE_BANK_URL,
    authApiUrl: config.AUTH_API_URL ?? '',
    onboardingApiUrl: config.ONBOARDING_API_URL ?? '',
  };
  const indexHtml = withBrand(renderIndexHtml(readFileSync(indexPath, 'utf8'), settings), brand);

  // The brand's logo and typeface; each name carries a hash of its bytes, so browsers keep them for a year.
  for (const [filePath, file] of brand.files) {
    app.get(filePath, { schema: { hide: true } }, (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        // Mails show the logo from the reader's mail page, another origin: the same-origin default would hide it.
        .header('cross-origin-resource-policy', 'cross-origin')
        .type(file.type)
        .send(file.body),
    );
  }

  // The page differs by the lazy chunks it names for loading early: the texts of the language the page
  // will open in, and the code of the screen at that address (SCREEN_MODULES). On the sign-in addresses it
  // also carries the screen itself, drawn in that language (prerendered-screens.ts). Each variant is made and
  // compressed once, when first asked for, as the build compresses the assets.
  const preloads = readFirstScreenPreloads(config.webDistDir);
  const screens = readPrerenderedScreens(config.webDistDir, settings, app.log);
  const variants = new Map<string, Promise<IndexVariant>>();
  const makeVariant = async (locale: Locale, pageScreen: string | undefined): Promise<IndexVariant> => {
    const screen = pageScreen !== undefined && SIGN_IN_SCREENS.has(pageScreen) ? await screens.screenFor(SIGN_IN_SCREEN, locale) : null;
    const links = preloads.linksFor(locale, pageScreen, { isScreenDrawn: screen !== null });
    const page = withLanguage(indexHtml, locale).replace('</head>', `${links}</head>`);
    const html = screen ? withScreen(page, { ...screen, path: SIGN_IN_SCREEN, locale }) : page;
    return {
      html,
      br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } }),
      gzip: gzipSync(html, { level: zlibConstants.Z_BEST_COMPRESSION }),
    };
  };
  // At most one variant per language and screen (SCREEN_MODULES), whatever addresses are asked for.
  const variantOf = (locale: Locale, pageScreen: string | undefined): Promise<IndexVariant> => {
    const key = `${locale}:${pageScreen ?? '*'}`;
    let variant = variants.get(key);
    if (!variant) {
      variant = makeVariant(locale, pageScreen);
      variants.set(key, variant);
    }
    return variant;
  };
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const [pathname = '', search = ''] = request.url.split('?');
    const variant = await variantOf(pageLocale(search, request.headers.cookie), screenOfPath(pathname));
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    return encoding ? reply.header('content-encoding', encoding).send(variant[encoding]) : reply.send(variant.html);
  };

  await app.register(fastifyStatic, {
    root: config.webDistDir,
    prefix: BASE_PATH,
    // Files are routed one by one at start; the catch-all below answers the rest.
    wildcard: false,
    index: false,
    serveDotFiles: false,
    // index.html is answered below, with the page settings filled in; x.br and x.gz are encodings of x, not files of their own.
    // Source maps stay a build artefact (for error tracking): served, they would hand out the whole source.
    globIgnore: ['index.html', '**/*.br', '**/*.gz', '**/*.map'],
    // The build writes x.br and x.gz beside each text asset (apps/web/vite-precompress.ts): sent as the browser accepts.
    preCompressed: true,
    schemaHide: true,
    // Cache headers are ours (setHeaders); the plugin's own would overwrite them.
    cacheControl: false,
    setHeaders: (response, filePath) => {
      const isHashedAsset = filePath.startsWith(path.join(config.webDistDir, 'assets') + path.sep);
      response.setHeader('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The answer depends on accept-encoding whichever encoding was chosen, so a shared cache must keep them apart.
      if (COMPRESSIBLE.test(filePath)) response.setHeader('vary', 'accept-encoding');
    },
  });

  app.get('/start', { schema: { hide: true } }, (_request, reply) => reply.redirect(BASE_PATH));
  app.get('/start/', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply));
  app.get('/start/index.html', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply));
  app.get('/start/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A missing script or style must fail as such, not arrive as an HTML page.
    if (pathname.startsWith('/start/assets/') || /\.[a-z0-9]+$/i.test(pathname)) {
      throw new AppError('NOT_FOUND', `No file at ${pathname}.`);
    }
    return sendIndex(request, reply);
  });
}

/** The page in `locale`: the document language is the page's from the first byte (docs/requirements.md section 2). */
export function withLanguage(html: string, locale: Locale): string {
  return html.replace(/<html(?: lang="[^"]*")?/, `<html lang="${locale}"`);
}

/**
 * The page carrying a screen the server drew: its title, and the root filled. The root says which
 * screen and language it holds: the browser hydrates it only if its first screen is that one (apps/web/src/main.tsx).
 */
export function withScreen(html: string, screen: PrerenderedScreen & { path: string; locale: Locale }): string {
  const title = screen.title.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  return (
    html
      .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
      // The screen paints without the scripts: they load behind its styles instead of sharing the line with them.
      .replaceAll('<script type="module"', '<script type="module" fetchpriority="low"')
      .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"')
      .replace(
        '<div id="root"></div>',
        () => `<div id="root" data-prerendered-path="${screen.path}" data-prerendered-locale="${screen.locale}">${screen.html}</div>`,
      )
  );
}

/**
 * The brand's colours and font faces, in the page itself after the app's stylesheet (they replace its tokens) so the
 * first screen waits for no other request; the CSP names their hash (security-headers.ts). The face the first screen
 * needs is asked for at once, before the styles would ask for it.
 */
function withBrand(html: string, brand: BrandAssets): string {
  const preload = brand.preloadPath ? `<link rel="preload" href="${brand.preloadPath}" as="font" type="font/woff2" crossorigin />` : '';
  return html.replace('</head>', `${preload}<style>${brand.css}</style></head>`);
}

export function renderIndexHtml(html: string, settings: PageSettings): string {
  const content = JSON.stringify(settings).replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  return html.replace(PAGE_SETTINGS_PLACEHOLDER, `<meta name="page-settings" content="${content}" />`);
}

/** br or gzip if the browser accepts it (a q of 0 refuses), br first; undefined: send the page as it is. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    accepted.set(name.trim(), quality === undefined ? 1 : Number(quality));
  }
  const isAccepted = (encoding: string) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0;
  if (isAccepted('br')) return 'br';
  if (isAccepted('gzip')) return 'gzip';
  return undefined;
}

const LOCALE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([a-z]+)`);

/**
 * The language the page will open in, as the browser will decide it (docs/requirements.md section 2): `?lang`,
 * else the stored choice, which the browser also keeps in a cookie for this (apps/web/src/i18n/locale.ts), else
 * Estonian.
 */
export function pageLocale(search: string, cookieHeader: string | undefined): Locale {
  const fromQuery = new URLSearchParams(search).get('lang')?.toLowerCase();
  if (isLocale(fromQuery)) return fromQuery;
  const fromCookie = LOCALE_COOKIE_VALUE.exec(cookieHeader ?? '')?.[1];
  return isLocale(fromCookie) ? fromCookie : DEFAULT_LOCALE;
}
