import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { startApplication } from './support/journey.js';
import { focusedElementId, waitForHydratedControls } from './support/pages.js';
import { useBrowserSuite } from './support/suite.js';

const suite = useBrowserSuite();

describe('the web app shell', () => {
  it('renders /start/ in Estonian by default, with the product name in the title', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/start/authentication`);
    await expect.poll(() => suite.page.locator('html').getAttribute('lang')).toBe('et');
    await suite.page.getByRole('heading', { level: 1, name: 'Sisselogimine' }).waitFor();
    expect(await suite.page.title()).toBe('Sisselogimine — Ettevõtte konto avamine');
  });

  it('switches language: texts, title and <html lang> follow, and the choice is remembered', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/start/authentication`);
    await suite.page.getByRole('button', { name: 'English' }).click();
    await suite.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await suite.page.locator('html').getAttribute('lang')).toBe('en');
    expect(await suite.page.title()).toBe('Sign in — Business account opening');

    await suite.page.reload();
    await suite.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  });

  it("loads the sign-in screen's chunks and the chosen language's texts with the app's code, each once", async () => {
    await suite.page.goto(`${suite.server.baseUrl}/start/authentication`);
    await suite.page.getByRole('button', { name: 'English' }).click();
    await suite.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    // The choice is now in the cookie too: the next page names the English texts.
    const html = await (await suite.page.request.get(`${suite.server.baseUrl}/start/authentication`)).text();
    const preloaded = [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]* href="([^"]+)">/g)].map((match) => match[1] ?? '');
    expect(preloaded.some((href) => /\/assets\/en-[\w-]+\.js$/.test(href))).toBe(true);
    expect(preloaded.some((href) => /\/assets\/authentication-page-[\w-]+\.js$/.test(href))).toBe(true);

    const requested: string[] = [];
    suite.page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await suite.page.reload();
    await suite.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    for (const href of preloaded)
      expect(
        requested.filter((pathname) => pathname === href),
        href,
      ).toHaveLength(1);
    suite.page.removeAllListeners('request');
  });

  it('takes the language from ?lang=ru', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/start/authentication?lang=ru`);
    await suite.page.getByRole('heading', { level: 1, name: 'Вход' }).waitFor();
    expect(await suite.page.locator('html').getAttribute('lang')).toBe('ru');
    expect(await suite.page.title()).toBe('Вход — Открытие счёта компании');
  });

  it('ignores an unsupported ?lang and keeps the default', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/start/authentication?lang=de`);
    await suite.page.getByRole('heading', { level: 1, name: 'Sisselogimine' }).waitFor();
    expect(await suite.page.locator('html').getAttribute('lang')).toBe('et');
  });

  it('sends an unknown path to the authentication route', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/start/no/such/page`);
    await suite.page.waitForURL(`${suite.server.baseUrl}/start/authentication`);
    await suite.page.getByRole('heading', { level: 1, name: 'Sisselogimine' }).waitFor();
  });

  it('offers a skip-to-content link as the first stop of the keyboard', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/start/authentication`);
    await suite.page.getByRole('heading', { level: 1 }).waitFor();
    await suite.page.keyboard.press('Tab');
    const focused = suite.page.locator(':focus');
    expect(await focused.textContent()).toBe('Liigu sisu juurde');
    await suite.page.keyboard.press('Enter');
    await expect.poll(() => focusedElementId(suite.page)).toBe('main-content');
  });

  it('has no axe-core violations, at 1280 px and at 360 px', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/start/authentication`);
    await suite.page.getByRole('heading', { level: 1 }).waitFor();
    await waitForHydratedControls(suite.page);
    const wide = await new AxeBuilder({ page: suite.page }).analyze();
    expect(wide.violations).toEqual([]);

    await suite.page.setViewportSize({ width: 360, height: 740 });
    const narrow = await new AxeBuilder({ page: suite.page }).analyze();
    expect(narrow.violations).toEqual([]);
  });

  it('runs without a Content-Security-Policy violation, validation included', async () => {
    const errors: string[] = [];
    suite.page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The browser reports a blocked eval as an event even when the script catches the error (zod's probe did).
    await suite.page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    await suite.page.goto(`${suite.server.baseUrl}/start/authentication?lang=en`);
    await waitForHydratedControls(suite.page);
    // Leaving the field runs its rules: zod and the domain's schemas load and parse.
    const personalId = suite.page.getByLabel('Personal ID code').first();
    await personalId.fill('12345678901');
    await personalId.blur();
    await suite.page.getByText('Incorrect Estonian ID code').waitFor();
    expect(await suite.page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('reloads the same path once when a lazily loaded part fails, then shows the screen', async () => {
    let failures = 0;
    await suite.page.route(/\/start\/assets\/visit-bank-page-.*\.js$/, (route) => {
      if (failures === 0) {
        failures += 1;
        return route.abort('failed');
      }
      return route.continue();
    });
    await suite.page.goto(`${suite.server.baseUrl}/start/visit-bank?lang=en`);
    await suite.page.getByRole('heading', { level: 1, name: 'Please visit a bank branch' }).waitFor();
    expect(failures).toBe(1);
    expect(new URL(suite.page.url()).pathname).toBe('/start/visit-bank');
  });

  it('shows the error boundary page with support contacts when a part keeps failing', async () => {
    const lazyScreen = /\/start\/assets\/visit-bank-page-.*\.js$/;
    await suite.page.route(lazyScreen, (route) => route.abort('failed'));
    await suite.page.goto(`${suite.server.baseUrl}/start/visit-bank?lang=en`);
    await suite.page.getByRole('heading', { level: 1, name: 'Something went wrong' }).waitFor();
    const alert = suite.page.getByRole('alert');
    expect(await alert.textContent()).toContain('ettevotlus@pank.ee');
    expect(await alert.textContent()).toContain('+372 600 0000');
    expect(await suite.page.title()).toBe('Something went wrong — Business account opening');

    await suite.page.unroute(lazyScreen);
    await suite.page.getByRole('button', { name: 'Refresh' }).click();
    await suite.page.getByRole('heading', { level: 1, name: 'Please visit a bank branch' }).waitFor();
  });
});

describe('screens the app lands on when something is wrong', () => {
  it('an application whose step this app does not know opens the general error screen, not the technical one', async () => {
    const { page, server } = suite;
    await startApplication(page, server.baseUrl, { personalId: '38001085718', company: /Jõeorg Konsultatsioonid OÜ/ });
    // A newer server names a step this app has no screen for.
    await page.route('**/onboarding/applications/*', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      const application = (await response.json()) as Record<string, unknown>;
      return route.fulfill({ response, json: { ...application, currentStep: 'SomethingNew' } });
    });
    await page.reload();
    await page.waitForURL(`${server.baseUrl}/start/error`);
    expect(await page.getByRole('main').textContent()).not.toMatch(/three working days/);
  });

  it('a browser without ID-card support: the sign-in error page links to the install instructions', async () => {
    const { page, server } = suite;
    await page.goto(`${server.baseUrl}/start/authentication-error?error-code=IDC.NO_IMPLEMENTATION&lang=en`);
    const link = page.getByRole('link', { name: 'ID-card software instructions on ID.ee (opens in a new tab)' });
    expect(await link.getAttribute('href')).toBe('https://www.id.ee/en/');
    expect(await link.getAttribute('target')).toBe('_blank');
  });
});
