import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});

afterEach(async () => {
  await page.context().close();
});

describe('the web app shell', () => {
  it('renders /start/ in Estonian by default, with the product name in the title', async () => {
    await page.goto(`${server.baseUrl}/start/authentication`);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('et');
    await page.getByRole('heading', { level: 1, name: 'Sisselogimine' }).waitFor();
    expect(await page.title()).toBe('Sisselogimine — Ettevõtte konto avamine');
  });

  it('switches language: texts, title and <html lang> follow, and the choice is remembered', async () => {
    await page.goto(`${server.baseUrl}/start/authentication`);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.title()).toBe('Sign in — Business account opening');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  });

  it('takes the language from ?lang=ru', async () => {
    await page.goto(`${server.baseUrl}/start/authentication?lang=ru`);
    await page.getByRole('heading', { level: 1, name: 'Вход' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ru');
    expect(await page.title()).toBe('Вход — Открытие счёта для бизнеса');
  });

  it('ignores an unsupported ?lang and keeps the default', async () => {
    await page.goto(`${server.baseUrl}/start/authentication?lang=de`);
    await page.getByRole('heading', { level: 1, name: 'Sisselogimine' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('et');
  });

  it('sends an unknown path to the authentication route', async () => {
    await page.goto(`${server.baseUrl}/start/no/such/page`);
    await page.waitForURL(`${server.baseUrl}/start/authentication`);
    await page.getByRole('heading', { level: 1, name: 'Sisselogimine' }).waitFor();
  });

  it('offers a skip-to-content link as the first stop of the keyboard', async () => {
    await page.goto(`${server.baseUrl}/start/authentication`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.textContent()).toBe('Liigu sisu juurde');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });

  it('has no axe-core violations, at 1280 px and at 360 px', async () => {
    await page.goto(`${server.baseUrl}/start/authentication`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const wide = await new AxeBuilder({ page }).analyze();
    expect(wide.violations).toEqual([]);

    await page.setViewportSize({ width: 360, height: 740 });
    const narrow = await new AxeBuilder({ page }).analyze();
    expect(narrow.violations).toEqual([]);
  });

  it('runs without a Content-Security-Policy violation', async () => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') violations.push(message.text());
    });
    await page.goto(`${server.baseUrl}/start/authentication`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(violations).toEqual([]);
  });

  it('reloads the same path once when a lazily loaded part fails, then shows the screen', async () => {
    let failures = 0;
    await page.route(/\/start\/assets\/visit-bank-page-.*\.js$/, (route) => {
      if (failures === 0) {
        failures += 1;
        return route.abort('failed');
      }
      return route.continue();
    });
    await page.goto(`${server.baseUrl}/start/visit-bank?lang=en`);
    await page.getByRole('heading', { level: 1, name: 'Please visit a bank branch' }).waitFor();
    expect(failures).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/start/visit-bank');
  });

  it('shows the error boundary page with support contacts when a part keeps failing', async () => {
    const lazyScreen = /\/start\/assets\/visit-bank-page-.*\.js$/;
    await page.route(lazyScreen, (route) => route.abort('failed'));
    await page.goto(`${server.baseUrl}/start/visit-bank?lang=en`);
    await page.getByRole('heading', { level: 1, name: 'Something went wrong' }).waitFor();
    const alert = page.getByRole('alert');
    expect(await alert.textContent()).toContain('ettevotlus@pank.ee');
    expect(await alert.textContent()).toContain('+372 600 0000');
    expect(await page.title()).toBe('Something went wrong — Business account opening');

    await page.unroute(lazyScreen);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('heading', { level: 1, name: 'Please visit a bank branch' }).waitFor();
  });
});

