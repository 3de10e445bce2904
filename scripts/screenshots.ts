// Screenshots of screens at 360 px and 1280 px in each language, for looking at
// what a person sees: npm run screenshots -- [path ...] (default: the sign-in screen).
// Needs a built web app (npm run build). Files go to ./screenshots/.
import { mkdirSync } from 'node:fs';
import { launchBrowser } from '../tests/e2e/support/browser.js';
import { startServer } from '../tests/e2e/support/server.js';

const routes = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const targets = routes.length > 0 ? routes : ['/start/authentication'];
const widths = [360, 1280];
const locales = ['et', 'en', 'ru'];

mkdirSync('screenshots', { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const route of targets) {
    for (const width of widths) {
      for (const locale of locales) {
        const page = await browser.newPage({ viewport: { width, height: width < 600 ? 780 : 900 } });
        const separator = route.includes('?') ? '&' : '?';
        await page.goto(`${server.baseUrl}${route}${separator}lang=${locale}`);
        await page.waitForLoadState('networkidle');
        const name = `${route.replace(/^\/start\/?/, '').replace(/[^a-z0-9]+/gi, '-') || 'root'}-${width}-${locale}.png`;
        await page.screenshot({ path: `screenshots/${name}`, fullPage: true });
        console.log(`screenshots/${name}`);
        await page.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}
