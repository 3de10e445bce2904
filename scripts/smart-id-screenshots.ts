// Screenshots of Smart-ID by QR code and app link, at 360 px and 1280 px in Estonian, English and Russian. Sign-in:
// the choice itself (a computer's and a phone's), the QR code, the wait for the app, a refusal, and the return page
// opened in another browser. Signing without a Smart-ID sign-in: the QR code, the app's link on a phone, "enter
// PIN2" once the account is chosen, and the phone's return page. npm run screenshots:smart-id [-- out-dir]. Needs
// a built web app (npm run build).
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { ApplicationSubject } from '@onboarding/domain/test-support';
import { fillStepsThroughApi } from '../tests/e2e/support/api.js';
import { launchBrowser } from '../tests/e2e/support/browser.js';
import { answerOverview, givePersonalInformation } from '../tests/e2e/support/journey.js';
import { signInForTesting } from '../tests/e2e/support/pages.js';
import { playThePhone, scanQrCode } from '../tests/e2e/support/smart-id.js';
import { startServer } from '../tests/e2e/support/server.js';

const outDir = process.argv[2] ?? 'screenshots/smart-id';
const locales = ['et', 'en', 'ru'] as const;
type DeviceLinkTexts = Record<'APP_SUBMIT' | 'QR_SUBMIT' | 'QR_OTHER_DEVICE' | 'QR_IMAGE_LABEL' | 'APP_WAITING' | 'OTHER_BROWSER_TITLE', string>;
type SigningTexts = {
  DEVICE_LINK: Record<'QR_IMAGE_LABEL' | 'QR_TITLE' | 'APP_TITLE' | 'QR_OTHER_DEVICE', string>;
  WAITING: { PIN2_TITLE: string };
  SUBMIT: string;
};
type Catalogue = { AUTH: { DEVICE_LINK: DeviceLinkTexts }; APPLICATION: { SIGNING: SigningTexts } };
const texts = (locale: string) => JSON.parse(readFileSync(`apps/web/src/i18n/${locale}.json`, 'utf8')) as Catalogue;

mkdirSync(outDir, { recursive: true });
// Slow enough that the "enter PIN2" state stays on the screen while it is taken.
const server = await startServer({ SIMULATOR_COMPLETION_DELAY_MS: '4000' });
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

/** The signing view, not the whole overview above it: the viewport with the state's heading near its top. */
const shootSigning = async (page: Page, name: string, heading: string) => {
  await page.waitForTimeout(300);
  await page.getByRole('heading', { name: heading }).evaluate((heading) => {
    window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - 80);
  });
  await page.screenshot({ path: `${outDir}/${name}.png` });
  console.log(`${outDir}/${name}.png`);
};

/** Signing without a Smart-ID sign-in: the account is chosen by QR code (a computer) or the app's link (a phone). */
async function signingScreens(locale: (typeof locales)[number], width: number, personalId: string, birthDate: string): Promise<void> {
  const { SIGNING } = texts(locale).APPLICATION;
  // One Smart-ID test account per screen, each with a company typed by hand.
  const subject: ApplicationSubject = {
    company: { businessName: `Allkiri ${personalId} OÜ`, registryCode: '' },
    person: { personalId, firstName: 'OK', lastName: 'TESTNUMBER', birthDate },
  };
  const suffix = `${locale}-${String(width)}`;
  const page = await pageAt(browser, width);
  let appLink: string | undefined;
  await page.route(/device-link\?deviceLinkType=Web2App/, async (route) => {
    appLink = route.request().url();
    await route.fulfill({ status: 204 });
  });
  await signInForTesting(page, server.baseUrl, personalId);
  await givePersonalInformation(page, `signing.${suffix}@example.ee`);
  await fillStepsThroughApi(page, server.baseUrl, subject, 'AdditionalData', 'overview');
  await answerOverview(page);
  // The overview's answers are kept in the page: the language changes in place.
  await page.locator(`button[lang="${locale}"]`).first().click();
  await page.getByRole('radio', { name: 'Smart-ID' }).check({ force: true });
  await page.getByRole('button', { name: SIGNING.SUBMIT }).click();
  if (width < 600) {
    await page.getByRole('heading', { name: SIGNING.DEVICE_LINK.APP_TITLE }).waitFor();
    await shootSigning(page, `signing-app-${suffix}`, SIGNING.DEVICE_LINK.APP_TITLE);
    const answer = await playThePhone(smartIdBaseUrl, {
      documentNumber: `PNOEE-${personalId}-MOCK-Q`,
      deviceLink: appLink ?? '',
      flowType: 'Web2App',
      browserCookie: 'none=1',
    });
    const returned = await page.context().newPage();
    await returned.goto(`${String(answer.body.callbackUrl)}&lang=${locale}`);
    await returned.getByRole('heading', { level: 1 }).waitFor();
    await returned.waitForTimeout(500);
    await shoot(returned, `signing-return-${suffix}`);
  } else {
    const qr = page.getByRole('img', { name: SIGNING.DEVICE_LINK.QR_IMAGE_LABEL });
    await qr.waitFor();
    await shootSigning(page, `signing-qr-${suffix}`, SIGNING.DEVICE_LINK.QR_TITLE);
    await playThePhone(smartIdBaseUrl, { documentNumber: `PNOEE-${personalId}-MOCK-Q`, deviceLink: await scanQrCode(qr), flowType: 'QR' });
  }
  await page.getByRole('heading', { name: SIGNING.WAITING.PIN2_TITLE }).waitFor({ timeout: 20_000 });
  await shootSigning(page, `signing-pin2-${suffix}`, SIGNING.WAITING.PIN2_TITLE);
  await page.context().close();
}

try {
  const accounts = [
    ['40504040001', '1905-04-04'],
    ['50001029996', '2000-01-02'],
    ['40404049996', '1904-04-04'],
    ['40404049985', '1904-04-04'],
    ['30303039903', '1903-03-03'],
    ['30303039816', '1903-03-03'],
  ] as const;
  for (const [index, locale] of locales.entries()) {
    for (const [offset, width] of [360, 1280].entries()) {
      const [personalId, birthDate] = accounts[2 * index + offset] ?? accounts[0];
      await signingScreens(locale, width, personalId, birthDate);
    }
  }
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
