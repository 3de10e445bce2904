// Screenshots of the outcome and error pages (a minor, a company that cannot open an account, an invalid
// identity document, an application superseded or started by another representative, one already submitted, a
// visit to the bank, the general, network and technical errors, and a sign-in error), at 360 px and 1280 px in
// Estonian, English and Russian. npm run screenshots:outcomes [-- out-dir]. Needs a built web app (npm run build).
// Files go to ./screenshots/outcomes/ by default.
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { launchBrowser } from '../tests/e2e/support/browser.js';
import { newPage, signInForTesting } from '../tests/e2e/support/pages.js';
import { startServer } from '../tests/e2e/support/server.js';

const PAGES = [
  ['minor', '/start/error/minor'],
  ['cannot-open', '/start/error/cannot-open'],
  ['document-invalid', '/start/error/document-invalid'],
  ['application-superseded', '/start/error/application-superseded'],
  ['started-with-other-representative', '/start/error/started-with-other-representative'],
  ['already-submitted', '/start/error/already-submitted'],
  ['visit-bank', '/start/visit-bank'],
  ['general', '/start/error'],
  ['network', '/start/error/network'],
  ['technical', '/start/error/technical'],
  ['authentication-error', '/start/authentication-error?error-code=MID.TIMEOUT'],
] as const;

const { positionals } = parseArgs({ allowPositionals: true });
const outDir = positionals[0] ?? 'screenshots/outcomes';
mkdirSync(outDir, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await newPage(browser, 1280);
  await signInForTesting(page, server.baseUrl);
  for (const [name, path] of PAGES) {
    for (const language of ['et', 'en', 'ru'] as const) {
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
        await page.goto(`${server.baseUrl}${path}${path.includes('?') ? '&' : '?'}lang=${language}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${outDir}/${name}-${language}-${String(width)}.png`, fullPage: true });
        console.log(`${outDir}/${name}-${language}-${String(width)}.png`);
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}
