import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createWebDist } from '../../test/app.js';
import { SERVER_RENDERER } from './prerendered-screens.js';
import { withScreen } from './routes.js';
import { SECOND_BRAND_DIR } from '../../test/brands/index.js';

/** A web build, its index.html as Vite writes it, with a server renderer that draws the address, language and one page setting it was given. */
function distWithRenderer(renderer: string): string {
  const dist = createWebDist();
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="et"><head><meta name="page-settings" content="" /><title>Ettevõtte konto avamine</title></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(dist, path.dirname(SERVER_RENDERER)));
  writeFileSync(path.join(dist, SERVER_RENDERER), renderer);
  return dist;
}

const DRAWING_RENDERER = `
export const renderScreen = async ({ url, locale, settings }) => ({
  html: '<main><h1>' + locale + ' ' + url + ' ' + settings.supportEmail + '</h1></main>',
  title: 'Title ' + locale + ' $& <x>',
});
`;

const root = (html: string) => /<div id="root"[^>]*>.*?<\/div>/s.exec(html)?.[0];

describe('the sign-in screen drawn by the server', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ WEB_DIST_DIR: distWithRenderer(DRAWING_RENDERER), BRAND_DIR: SECOND_BRAND_DIR });
  });
  afterAll(async () => {
    await app.close();
  });

  it("is sent in the page's language, with its title, on the sign-in addresses", async () => {
    const russian = await app.inject({ method: 'GET', url: '/start/authentication?lang=ru' });
    expect(russian.body).toContain('<html lang="ru">');
    expect(root(russian.body)).toBe(
      '<div id="root" data-prerendered-path="/start/authentication" data-prerendered-locale="ru"><main><h1>ru /start/authentication abi@pank.ee</h1></main></div>',
    );
    expect(russian.body).toContain('<title>Title ru $&amp; &lt;x></title>');

    const english = await app.inject({ method: 'GET', url: '/start/', headers: { cookie: 'locale=en' } });
    expect(english.body).toContain('<html lang="en">');
    expect(root(english.body)).toContain('data-prerendered-locale="en"><main><h1>en /start/authentication');

    const estonian = await app.inject({ method: 'GET', url: '/start/authentication?lang=xx', headers: { 'accept-encoding': 'br' } });
    expect(estonian.headers['content-encoding']).toBe('br');
    expect(estonian.headers.vary).toBe('accept-encoding, cookie');
  });

  it('is not sent on other addresses, which keep the empty root in the language of the page', async () => {
    const step = await app.inject({ method: 'GET', url: '/start/application/incomes', headers: { cookie: 'locale=ru' } });
    expect(step.body).toContain('<html lang="ru">');
    expect(root(step.body)).toBe('<div id="root"></div>');
  });

  it('is not served as a file', async () => {
    expect((await app.inject({ method: 'GET', url: `/start/${SERVER_RENDERER}` })).statusCode).toBe(404);
  });
});

describe('without a working server renderer', () => {
  it('the page goes out with an empty root, as the browser draws it', async () => {
    for (const dist of [
      createWebDist(),
      distWithRenderer('export const renderScreen = async () => { throw new Error("broken"); };'),
      distWithRenderer('this is not JavaScript'),
    ]) {
      const app = await buildTestApp({ WEB_DIST_DIR: dist });
      try {
        const page = await app.inject({ method: 'GET', url: '/start/authentication?lang=en' });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('<html lang="en">');
        expect(root(page.body)).toBe('<div id="root"></div>');
      } finally {
        await app.close();
      }
    }
  });
});

describe('withScreen', () => {
  it('fills the root and the title, whatever the drawn text holds', () => {
    const page = withScreen('<html lang="et"><head><title>Old</title></head><body><div id="root"></div></body></html>', {
      html: "<p>$' $1</p>",
      title: 'A & B',
      path: '/start/authentication',
      locale: 'et',
    });
    expect(page).toBe(
      '<html lang="et"><head><title>A &amp; B</title></head><body><div id="root" data-prerendered-path="/start/authentication" data-prerendered-locale="et"><p>$\' $1</p></div></body></html>',
    );
  });

  it('lets the scripts load behind the styles: the screen paints without them', () => {
    const head =
      '<script type="module" crossorigin src="/start/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/start/assets/framework-1.js"><link rel="stylesheet" crossorigin href="/start/assets/app-1.css">';
    const page = withScreen(`<html><head>${head}</head><body><div id="root"></div></body></html>`, {
      html: '<p>x</p>',
      title: 'T',
      path: '/start/authentication',
      locale: 'et',
    });
    expect(page).toContain('<script type="module" fetchpriority="low" crossorigin src="/start/assets/index-1.js"></script>');
    expect(page).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/start/assets/framework-1.js">');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/start/assets/app-1.css">');
  });
});
