// Screenshots of the Smart-ID choice of the sign-in screen, at 360 px and 1280 px in Estonian, English and
// Russian: the choice itself (a computer's and a phone's), the QR code, the wait for the app, a refusal, and the
// return page opened in another browser. npm run screenshots:smart-id [-- out-dir]. Needs a built web app
// (npm run build).
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/browser.js';
import { playThePhone, scanQrCode } from '../tests/e2e/support/smart-id.js';
import { startServer } from '../tests/e2e/support/server.js';

const outDir = process.argv[2] ?? 'screenshots/smart-id';
const locales = ['et', 'en', 'ru'] as const;
type DeviceLinkTexts = Record<'APP_SUBMIT' | 'QR_SUBMIT' | 'QR_OTHER_DEVICE' | 'QR_IMAGE_LABEL' | 'APP_WAITING' | 'OTHER_BROWSER_TITLE', string>;
type Catalogue = { AUTH: { DEVICE_LINK: DeviceLinkTexts } };
const texts = (locale: string) => JSON.parse(readFileSync(`apps/web/src/i18n/${locale}.json`, 'utf8')) as Catalogue;

mkdirSync(outDir, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
const smartIdBaseUrl = server.app.identitySimulators?.smartIdBaseUrl ?? '';

/** A computer at 1280 px, or a phone at 360 px with a touch screen (which the choice reads). */
const pageAt = async (browserToUse: Browser, width: number): Promise<Page> => {
  const isPhone = width < 600;
  const context = await browserToUse.newContext({ viewport: { width, height: isPhone ? 780 : 900 }, isMobile: isPhone, hasTouch: isPhone });
  return context.newPage();
};

const shoot = async (page: Page, name: string) => {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${outDir}/${name}.png`, fullPage: true });
  console.log(`${outDir}/${name}.png`);
};

try {
  for (const locale of locales) {
    const { DEVICE_LINK } = texts(locale).AUTH;
    for (const width of [360, 1280]) {
      const page = await pageAt(browser, width);
      const suffix = `${locale}-${String(width)}`;
      await page.goto(`${server.baseUrl}/start/authentication?lang=${locale}`);
      await page.getByRole('button', { name: width < 600 ? DEVICE_LINK.APP_SUBMIT : DEVICE_LINK.QR_SUBMIT }).waitFor();
      await shoot(page, `choice-${suffix}`);

      // The QR code: on a phone by "scan with another device".
      await page.getByRole('button', { name: width < 600 ? DEVICE_LINK.QR_OTHER_DEVICE : DEVICE_LINK.QR_SUBMIT }).click();
      const qr = page.getByRole('img', { name: DEVICE_LINK.QR_IMAGE_LABEL });
      await qr.waitFor();
      await shoot(page, `qr-${suffix}`);

      // A refusal in the app ends on the error page.
      await playThePhone(smartIdBaseUrl, { documentNumber: 'PNOEE-30403039917-MOCK-Q', deviceLink: await scanQrCode(qr), flowType: 'QR' });
      await page.waitForURL(/authentication-error/, { timeout: 20_000 });
      await page.getByRole('heading', { level: 1 }).waitFor();
      await shoot(page, `refused-${suffix}`);
      await page.context().close();

      if (width < 600) {
        const phone = await pageAt(browser, width);
        // Answered as a phone that has the app: the page stays.
        await phone.route(/device-link\?deviceLinkType=Web2App/, (route) => route.fulfill({ status: 204 }));
        await phone.goto(`${server.baseUrl}/start/authentication?lang=${locale}`);
        await phone.getByRole('button', { name: DEVICE_LINK.APP_SUBMIT }).click();
        await phone.getByText(DEVICE_LINK.APP_WAITING).waitFor();
        await shoot(phone, `app-waiting-${suffix}`);
        await phone.context().close();
      }

      const other = await pageAt(browser, width);
      await other.goto(`${server.baseUrl}/start/authentication/smart-id-return?session=00000000-0000-4000-8000-000000000000&value=x&lang=${locale}`);
      await other.getByRole('heading', { name: DEVICE_LINK.OTHER_BROWSER_TITLE }).waitFor();
      await shoot(other, `other-browser-${suffix}`);
      await other.context().close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
