// Screenshots of the Business Register not answering, at 360 px and 1280 px in Estonian, English and Russian: the
// company list, the company information step (its register card) and the start of signing, each with the notice
// in place. npm run screenshots:register-unavailable [-- out-dir]. Needs a built web app (npm run build).
import { mkdirSync, readFileSync } from 'node:fs';
import { JAAK_KRISTJAN } from '@onboarding/domain/test-support';
import type { Locator, Page } from 'playwright-core';
import { fillStepsThroughApi } from '../tests/e2e/support/api.js';
import { launchBrowser } from '../tests/e2e/support/browser.js';
import { newPage, signInForTesting } from '../tests/e2e/support/pages.js';
import { startServer } from '../tests/e2e/support/server.js';

const outDir = process.argv[2] ?? 'screenshots/register-unavailable';
const widths = [360, 1280];
type Catalogue = {
  ERRORS: { REGISTER_UNAVAILABLE: { MESSAGE: string } };
  APPLICATION: { ACTIONS: { CONTINUE: string }; SIGNING: { SUBMIT: string } };
};
const texts = (locale: string) => JSON.parse(readFileSync(`apps/web/src/i18n/${locale}.json`, 'utf8')) as Catalogue;
const locales = ['et', 'en', 'ru'] as const;

mkdirSync(outDir, { recursive: true });
// Every signing start reads the register again, so a register that is down stops it.
const server = await startServer({ REGISTER_FACTS_MAX_AGE_MINUTES: '0' });
const browser = await launchBrowser();
const simulators = server.app.identitySimulators;
if (!simulators) throw new Error('the screenshot server runs the simulators in its own process');

/**
 * The page at each width: whole when it is short (the company list); else the screen the person sees, with the
 * notice in the middle of it.
 */
const shoot = async (page: Page, name: string, focus?: Locator) => {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
    await page.waitForTimeout(400);
    if (focus) await focus.evaluate((element) => (element as unknown as { scrollIntoView(options: object): void }).scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${outDir}/${name}-${String(width)}.png`, fullPage: !focus });
    console.log(`${outDir}/${name}-${String(width)}.png`);
  }
};

try {
  const page = await newPage(browser, 1280);
  await signInForTesting(page, server.baseUrl, JAAK_KRISTJAN.person.personalId);
  await fillStepsThroughApi(page, server.baseUrl, JAAK_KRISTJAN, 'none', 'overview');
  simulators.setRegisterMode('DOWN');
  for (const locale of locales) {
    const { ERRORS, APPLICATION } = texts(locale);
    const notice = page.getByText(ERRORS.REGISTER_UNAVAILABLE.MESSAGE);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(`${server.baseUrl}/start/choose-company?lang=${locale}`);
    await notice.waitFor({ timeout: 30_000 });
    await shoot(page, `choose-company-${locale}`);

    await page.goto(`${server.baseUrl}/start/application/company-information?lang=${locale}`);
    await notice.waitFor({ timeout: 30_000 });
    await shoot(page, `company-information-${locale}`, page.getByRole('heading', { level: 1 }));

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.baseUrl}/start/application/overview?lang=${locale}`);
    // The answers are saved: Continue checks them and leads to signing.
    await page.locator('button[form="overview-form"]', { hasText: APPLICATION.ACTIONS.CONTINUE }).click({ timeout: 30_000 });
    await page.getByRole('button', { name: APPLICATION.SIGNING.SUBMIT }).click({ timeout: 30_000 });
    await notice.waitFor({ timeout: 30_000 });
    await shoot(page, `signing-${locale}`, notice);
  }
  await page.context().close();
} finally {
  simulators.setRegisterMode('NORMAL');
  await browser.close();
  await server.close();
}
