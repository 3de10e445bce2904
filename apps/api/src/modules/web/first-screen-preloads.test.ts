import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createWebDist } from '../../test/app.js';
import { readFirstScreenPreloads, SCREEN_MODULES, screenOfPath } from './first-screen-preloads.js';
import { pageLocale } from './routes.js';

/** A build manifest as Vite writes it: the entry, the sign-in screen with a shared chunk and its CSS, and one chunk per language. */
const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework-1.js'] },
  '_framework-1.js': { file: 'assets/framework-1.js' },
  '_errors-1.js': { file: 'assets/errors-1.js', imports: ['_framework-1.js'] },
  'src/features/auth/authentication-page.tsx': {
    file: 'assets/authentication-page-1.js',
    isDynamicEntry: true,
    imports: ['_framework-1.js', '_errors-1.js'],
    css: ['assets/authentication-page-1.css'],
  },
  'src/i18n/catalogues/et.ts': { file: 'assets/et-1.js', isDynamicEntry: true },
  'src/i18n/catalogues/en.ts': { file: 'assets/en-1.js', isDynamicEntry: true },
  'src/i18n/catalogues/ru.ts': { file: 'assets/ru-1.js', isDynamicEntry: true },
  'src/lib/auth-session.ts': { file: 'assets/auth-session-1.js', isDynamicEntry: true, imports: ['_framework-1.js'] },
  'src/lib/representative.ts': { file: 'assets/representative-1.js', isDynamicEntry: true },
  'src/app/signed-in-layout.tsx': { file: 'assets/signed-in-layout-1.js', isDynamicEntry: true },
  'src/app/application-route.tsx': { file: 'assets/application-route-1.js', isDynamicEntry: true, imports: ['_fields-1.js'] },
  '_fields-1.js': { file: 'assets/fields-1.js' },
  'src/features/application/incomes/incomes-page.tsx': {
    file: 'assets/incomes-page-1.js',
    isDynamicEntry: true,
    imports: ['_fields-1.js', '_framework-1.js'],
    css: ['assets/incomes-page-1.css'],
  },
};

function distWithManifest(): string {
  const dist = createWebDist();
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

const hrefs = (html: string) => [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]* href="([^"]+)">/g)].map((match) => match[2]);

describe('the first screen preloads', () => {
  it('name the texts of the language and, on the sign-in screen, its chunks, not what index.html loads already', () => {
    const preloads = readFirstScreenPreloads(distWithManifest());
    expect(hrefs(preloads.linksFor('en', undefined))).toEqual(['/start/assets/en-1.js']);
    expect(hrefs(preloads.linksFor('et', 'authentication'))).toEqual([
      '/start/assets/et-1.js',
      '/start/assets/authentication-page-1.css',
      '/start/assets/authentication-page-1.js',
      '/start/assets/errors-1.js',
    ]);
    expect(preloads.linksFor('et', 'authentication')).toContain('<link rel="preload" as="style" crossorigin href="/start/assets/authentication-page-1.css">');
  });

  it("apply the sign-in screen's styles when the page carries the screen drawn", () => {
    const links = readFirstScreenPreloads(distWithManifest()).linksFor('et', 'authentication', { isScreenDrawn: true });
    expect(links).toContain('<link rel="stylesheet" crossorigin href="/start/assets/authentication-page-1.css">');
    expect(links).not.toContain('as="style"');
    expect(hrefs(links)).toEqual(['/start/assets/et-1.js', '/start/assets/authentication-page-1.js', '/start/assets/errors-1.js']);
  });

  it('are none without a manifest', () => {
    expect(readFirstScreenPreloads(createWebDist()).linksFor('et', 'authentication')).toBe('');
  });

  it("name a signed-in screen's session helpers, layouts and page with what they import, each once", () => {
    const links = readFirstScreenPreloads(distWithManifest()).linksFor('en', 'application/incomes');
    expect(hrefs(links)).toEqual([
      '/start/assets/en-1.js',
      '/start/assets/auth-session-1.js',
      '/start/assets/representative-1.js',
      '/start/assets/signed-in-layout-1.js',
      '/start/assets/application-route-1.js',
      '/start/assets/fields-1.js',
      '/start/assets/incomes-page-1.css',
      '/start/assets/incomes-page-1.js',
    ]);
  });
});

describe('the screen of an address', () => {
  it('is the part after the base path, for the screens the app has', () => {
    expect(screenOfPath('/start/')).toBe('');
    expect(screenOfPath('/start')).toBe('');
    expect(screenOfPath('/start/authentication')).toBe('authentication');
    expect(screenOfPath('/start/application/incomes')).toBe('application/incomes');
    expect(screenOfPath('/start/application/incomes/')).toBe('application/incomes');
    expect(screenOfPath('/start/nowhere')).toBeUndefined();
    expect(screenOfPath('/started/authentication')).toBeUndefined();
    expect(screenOfPath('/onboarding/applications')).toBeUndefined();
  });

  it("names modules the web app has: every one is in a real build's manifest", () => {
    const manifestPath = path.resolve(import.meta.dirname, '../../../../web/dist/.vite/manifest.json');
    // The web build is made by npm test before the browser tests; a checkout without it has nothing to compare.
    if (!existsSync(manifestPath)) return;
    const built = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
    const missing = [...new Set(Object.values(SCREEN_MODULES).flat())].filter((module) => !(module in built));
    expect(missing).toEqual([]);
  });
});

describe('the language of the page', () => {
  it('is ?lang, else the locale cookie, else Estonian, as the browser decides it', () => {
    expect(pageLocale('lang=ru', 'locale=en')).toBe('ru');
    expect(pageLocale('lang=EN', undefined)).toBe('en');
    expect(pageLocale('lang=de', 'theme=dark; locale=en')).toBe('en');
    expect(pageLocale('', 'locale=fi')).toBe('et');
    expect(pageLocale('', 'xlocale=ru')).toBe('et');
    expect(pageLocale('', undefined)).toBe('et');
  });
});

describe('index.html with preloads', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ WEB_DIST_DIR: distWithManifest() });
  });
  afterAll(async () => {
    await app.close();
  });

  it("names the sign-in screen's chunks on the sign-in addresses only, and the texts of the page's language", async () => {
    const signIn = await app.inject({ method: 'GET', url: '/start/authentication', headers: { cookie: 'locale=ru' } });
    expect(hrefs(signIn.body)).toEqual([
      '/start/assets/ru-1.js',
      '/start/assets/authentication-page-1.css',
      '/start/assets/authentication-page-1.js',
      '/start/assets/errors-1.js',
    ]);
    expect(signIn.headers.vary).toBe('accept-encoding, cookie');
    const start = await app.inject({ method: 'GET', url: '/start/?lang=en' });
    expect(hrefs(start.body)).toContain('/start/assets/authentication-page-1.js');
    expect(hrefs(start.body)).toContain('/start/assets/en-1.js');
    const step = await app.inject({ method: 'GET', url: '/start/application/incomes?processId=1' });
    expect(hrefs(step.body)).toContain('/start/assets/incomes-page-1.js');
    expect(hrefs(step.body)).not.toContain('/start/assets/authentication-page-1.js');
    const unknown = await app.inject({ method: 'GET', url: '/start/nowhere' });
    expect(hrefs(unknown.body)).toEqual(['/start/assets/et-1.js']);
    // The page settings are still filled in.
    expect(step.body).toContain('<meta name="page-settings" content="{');
  });

  it('does not serve the manifest', async () => {
    expect((await app.inject({ method: 'GET', url: '/start/.vite/manifest.json' })).statusCode).toBe(404);
  });
});
