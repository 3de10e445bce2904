// Screenshots of the e-mail confirmation step of the personal information screen, as it opens and with a wrong
// code: npm run screenshots:email-confirmation [-- out-dir]. 360 and 1280 px, in Estonian, English and Russian.
// Needs a built web app (npm run build). Files go to ./screenshots/email-confirmation/ by default.
import { mkdirSync } from 'node:fs';
import { launchBrowser } from '../tests/e2e/support/browser.js';
import { newPage, signInForTesting, waitForAnimationsToEnd } from '../tests/e2e/support/pages.js';
import { startServer } from '../tests/e2e/support/server.js';

const outDir = process.argv[2] ?? 'screenshots/email-confirmation';
// One person per language: each shot mails a code, and a person has a few a day.
const languages = [
  ['et', '30303030309'],
  ['en', '30303030314'],
  ['ru', '30303030320'],
] as const;
const widths = [360, 1280];

mkdirSync(outDir, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const [language, personalId] of languages) {
    for (const width of widths) {
      const page = await newPage(browser, width);
      await signInForTesting(page, server.baseUrl, personalId);
      await page.goto(`${server.baseUrl}/start/personal-information?lang=${language}`);
      await page.locator('input[name="email"]').fill(`kinnita.${language}@example.ee`);
      await page.locator('input[name="phone"]').fill('+372 5123 4567');
      await page.locator('input[name="hasConsentedToRegistryQueries"]').check({ force: true });
      await page.locator('button[type="submit"]').click();
      await page.locator('#email-confirmation-title').waitFor();
      await waitForAnimationsToEnd(page);
      const shot = `${outDir}/email-confirmation-${String(width)}-${language}.png`;
      await page.screenshot({ path: shot, fullPage: true });
      console.log(shot);
      await page.locator('input[name="code"]').fill('000000');
      await page.locator('button[type="submit"]').click();
      await page.locator('[aria-invalid="true"]').waitFor();
      await waitForAnimationsToEnd(page);
      const wrong = `${outDir}/email-confirmation-wrong-code-${String(width)}-${language}.png`;
      await page.screenshot({ path: wrong, fullPage: true });
      console.log(wrong);
      await page.context().close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
