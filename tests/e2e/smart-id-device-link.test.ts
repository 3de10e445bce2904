import { OK_TESTNUMBER, type ApplicationSubject } from '@onboarding/domain/test-support';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/accessibility.js';
import { fillStepsThroughApi } from './support/api.js';
import { answerOverview, givePersonalInformation } from './support/journey.js';
import { signInForTesting } from './support/pages.js';
import { playThePhone as playThePhoneAt, scanQrCode as scanQrCodeOf } from './support/smart-id.js';
import { useBrowserSuite } from './support/suite.js';

/**
 * Smart-ID by QR code and by app link (decision 38) in Chromium, against the Smart-ID stand-in. Its mock endpoint
 * plays the phone as SK's DEMO mock does: it takes the link the page gave, checks its authCode as the app would,
 * and completes the session as a test account.
 */

const suite = useBrowserSuite();

const playThePhone = (body: Record<string, unknown>) => playThePhoneAt(suite.server.app.identitySimulators?.smartIdBaseUrl ?? '', body);

const scanQrCode = (page: Page) => scanQrCodeOf(page.getByRole('img', { name: 'QR code for signing in with Smart-ID' }));

async function showQrCode(page: Page, language = 'en') {
  await page.goto(`${suite.server.baseUrl}/start/authentication?lang=${language}`);
  await page.getByRole('button', { name: 'Sign in with a QR code' }).click();
  await page.getByRole('img', { name: 'QR code for signing in with Smart-ID' }).waitFor();
}

describe('Smart-ID sign-in by QR code on a computer', () => {
  it('reads the QR code from the screen, lets the stand-in phone confirm it, and lands on personal information', async () => {
    const { page, server } = suite;
    await showQrCode(page);
    await expectNoAxeViolations(page);
    const link = await scanQrCode(page);
    expect(link).toMatch(/[?&]deviceLinkType=QR&elapsedSeconds=\d+&sessionToken=[^&]+&sessionType=auth&version=1\.0&lang=eng&authCode=[\w-]+$/);
    // No personal code was typed: the person comes from the certificate.
    const answer = await playThePhone({ documentNumber: 'PNOEE-40504040001-MOCK-Q', deviceLink: link, flowType: 'QR' });
    expect(answer.status).toBe(200);
    await page.waitForURL(`${server.baseUrl}/start/personal-information`, { timeout: 20_000 });
  });

  it('renews the code every second: a second scan carries a later link', async () => {
    const { page } = suite;
    await showQrCode(page);
    const first = await scanQrCode(page);
    await expect.poll(async () => scanQrCode(page), { timeout: 5000 }).not.toBe(first);
  });

  it.each([
    ['a refusal in the app', 'PNOEE-30403039917-MOCK-Q', 'Sign-in cancelled'],
    ['no answer in time', 'PNOEE-30403039983-MOCK-Q', 'Smart-ID sign-in timed out'],
  ])('%s ends on the sign-in error page', async (_case, documentNumber, heading) => {
    const { page, server } = suite;
    await showQrCode(page);
    const answer = await playThePhone({ documentNumber, deviceLink: await scanQrCode(page), flowType: 'QR' });
    expect(answer.status).toBe(200);
    await page.waitForURL(new RegExp(`${server.baseUrl}/start/authentication-error`), { timeout: 20_000 });
    await expect.poll(async () => page.getByRole('heading', { level: 1 }).textContent()).toContain(heading);
  });

  it('refuses a link whose authCode was altered', async () => {
    const { page } = suite;
    await showQrCode(page);
    const link = await scanQrCode(page);
    const answer = await playThePhone({ documentNumber: 'PNOEE-40504040001-MOCK-Q', deviceLink: `${link.slice(0, -2)}AA`, flowType: 'QR' });
    expect(answer.status).toBeGreaterThanOrEqual(400);
  });
});

describe('Smart-ID sign-in by app link on a phone (360 px)', () => {
  async function phonePage(): Promise<Page> {
    const context = await suite.browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
    return context.newPage();
  }

  /**
   * Presses "Open the Smart-ID app". The app's link is caught and answered 204, which leaves the page where it
   * is, as a phone does when the app takes the link.
   */
  async function openTheApp(page: Page): Promise<string> {
    let opened: (link: string) => void = () => undefined;
    const link = new Promise<string>((resolve) => (opened = resolve));
    await page.route(/device-link\?deviceLinkType=Web2App/, async (route) => {
      opened(route.request().url());
      await route.fulfill({ status: 204 });
    });
    await page.goto(`${suite.server.baseUrl}/start/authentication?lang=et`);
    await page.getByRole('button', { name: 'Ava Smart-ID rakendus' }).click();
    return link;
  }

  it('offers the app first, and returns through the callback page in the same browser to personal information', async () => {
    const page = await phonePage();
    try {
      const link = await openTheApp(page);
      expect(link).toMatch(/deviceLinkType=Web2App&sessionToken=[^&]+&sessionType=auth&version=1\.0&lang=est&authCode=[\w-]+$/);
      const cookies = await page.context().cookies();
      const returnCookie = cookies.find((cookie) => cookie.name === 'sid_return');
      expect(returnCookie?.httpOnly).toBe(true);
      expect(returnCookie?.sameSite).toBe('Lax');
      const answer = await playThePhone({
        documentNumber: 'PNOEE-40404040009-MOCK-Q',
        deviceLink: link,
        flowType: 'Web2App',
        browserCookie: `sid_return=${returnCookie?.value ?? ''}`,
      });
      expect(answer.status).toBe(200);
      const callbackUrl = String(answer.body.callbackUrl);
      expect(callbackUrl).toContain('/start/authentication/smart-id-return?session=');
      expect(callbackUrl).toMatch(/&sessionSecretDigest=[\w-]+&userChallengeVerifier=[\w-]+$/);
      // The app opens the return page in this browser.
      await page.goto(callbackUrl);
      await page.waitForURL(`${suite.server.baseUrl}/start/personal-information`, { timeout: 20_000 });
    } finally {
      await page.context().close();
    }
  });

  it('a return opened in another browser explains what to do instead of failing silently', async () => {
    const page = await phonePage();
    const other = await phonePage();
    try {
      const link = await openTheApp(page);
      const returnCookie = (await page.context().cookies()).find((cookie) => cookie.name === 'sid_return');
      const answer = await playThePhone({
        documentNumber: 'PNOEE-40404040009-MOCK-Q',
        deviceLink: link,
        flowType: 'Web2App',
        browserCookie: `sid_return=${returnCookie?.value ?? ''}`,
      });
      await other.goto(String(answer.body.callbackUrl));
      await other.getByRole('heading', { level: 1, name: 'Jätka brauseris, kus alustasid' }).waitFor();
      await expectNoAxeViolations(other);
    } finally {
      await page.context().close();
      await other.context().close();
    }
  });
});

describe('signing the contract after a sign-in by QR code', () => {
  it('asks the phone the person signed in with: the code at once, no second QR code, and the success page', async () => {
    const { page, server } = suite;
    await showQrCode(page);
    await playThePhone({ documentNumber: 'PNOEE-40504040001-MOCK-Q', deviceLink: await scanQrCode(page), flowType: 'QR' });
    await page.waitForURL(`${server.baseUrl}/start/personal-information`, { timeout: 20_000 });
    await givePersonalInformation(page, 'qr.signer@example.ee');
    await page.locator('label', { hasText: /Näidis Tehnoloogia OÜ/ }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${server.baseUrl}/start/application/opening-reasons`);
    await fillStepsThroughApi(page, server.baseUrl, OK_TESTNUMBER, 'AdditionalData', 'overview');
    await answerOverview(page);

    const methods = page.getByRole('group', { name: 'Signing method' }).or(page.getByRole('radiogroup', { name: 'Signing method' }));
    await methods.getByRole('radio', { name: 'Smart-ID' }).check({ force: true });
    await page.getByRole('button', { name: 'Sign the contract' }).click();
    const code = page.getByText(/^\d{4}$/);
    await code.waitFor();
    // No QR code to scan again: the device the person signed in with shows the PIN2 prompt with this code.
    expect(await page.getByRole('img', { name: /QR/ }).count()).toBe(0);
    const phone = () => suite.server.app.identitySimulators?.phoneScreen(OK_TESTNUMBER.person.personalId);
    await expect.poll(() => phone()?.verificationCode, { timeout: 10_000 }).toBe(await code.textContent());
    expect(phone()?.pin).toBe('PIN2');
    await page.waitForURL(`${server.baseUrl}/start/success`, { timeout: 20_000 });
  });
});

describe('signing the contract with Smart-ID without a Smart-ID sign-in', () => {
  const signingMethods = (page: Page) => page.getByRole('group', { name: 'Signing method' }).or(page.getByRole('radiogroup', { name: 'Signing method' }));

  /** A Smart-ID test account with a company typed by hand, signed in by the test sign-in, at the overview. */
  const byHand = (personalId: string, birthDate: string): ApplicationSubject => ({
    company: { businessName: `Linkitud ${personalId} OÜ`, registryCode: '' },
    person: { personalId, firstName: 'OK', lastName: 'TESTNUMBER', birthDate },
  });

  async function readyToSign(page: Page, subject: ApplicationSubject) {
    await signInForTesting(page, suite.server.baseUrl, subject.person.personalId);
    await givePersonalInformation(page, `linked.${subject.person.personalId}@example.ee`);
    await fillStepsThroughApi(page, suite.server.baseUrl, subject, 'AdditionalData', 'overview');
    await answerOverview(page);
  }

  it('on a computer: the QR code read from the screen chooses the account, PIN2 follows with no code, and the success page', async () => {
    const { page, server } = suite;
    const subject = byHand('40504040001', '1905-04-04');
    await readyToSign(page, subject);
    await signingMethods(page).getByRole('radio', { name: 'Smart-ID' }).check({ force: true });
    await page.getByRole('button', { name: 'Sign the contract' }).click();
    const qrCode = page.getByRole('img', { name: 'QR code for signing with Smart-ID' });
    await qrCode.waitFor();
    await expectNoAxeViolations(page);
    const link = await scanQrCodeOf(qrCode);
    expect(link).toMatch(/[?&]deviceLinkType=QR&elapsedSeconds=\d+&sessionToken=[^&]+&sessionType=cert&version=1\.0&lang=eng&authCode=[\w-]+$/);
    expect((await playThePhone({ documentNumber: `PNOEE-${subject.person.personalId}-MOCK-Q`, deviceLink: link, flowType: 'QR' })).status).toBe(200);
    // The account is chosen: the app asks PIN2 at once, and there is no code to compare.
    await page.getByRole('heading', { name: 'Enter PIN2' }).waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('signing-verification-code').count()).toBe(0);
    expect(suite.server.app.identitySimulators?.phoneScreen(subject.person.personalId)?.pin).toBe('PIN2');
    await page.waitForURL(`${server.baseUrl}/start/success`, { timeout: 20_000 });
    await page.getByText('Contract signed').waitFor();
  });

  it('on a phone (360 px): the app opens first; its return page passes the choice on and the first tab submits', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    try {
      let opened: (link: string) => void = () => undefined;
      const appLink = new Promise<string>((resolve) => (opened = resolve));
      // The app takes the link: the page stays where it is.
      await page.route(/device-link\?deviceLinkType=Web2App/, async (route) => {
        opened(route.request().url());
        await route.fulfill({ status: 204 });
      });
      const subject = byHand('40404049996', '1904-04-04');
      await readyToSign(page, subject);
      await signingMethods(page).getByRole('radio', { name: 'Smart-ID' }).check({ force: true });
      await page.getByRole('button', { name: 'Sign the contract' }).click();
      const link = await appLink;
      expect(link).toMatch(/deviceLinkType=Web2App&sessionToken=[^&]+&sessionType=cert&version=1\.0&lang=eng&authCode=[\w-]+$/);
      await page.getByRole('heading', { name: 'Sign in the Smart-ID app' }).waitFor();
      await page.getByRole('button', { name: 'Scan a QR code with another device' }).waitFor();
      await expectNoAxeViolations(page);

      const answer = await playThePhone({
        documentNumber: `PNOEE-${subject.person.personalId}-MOCK-Q`,
        deviceLink: link,
        flowType: 'Web2App',
        browserCookie: 'none=1',
      });
      expect(answer.status).toBe(200);
      const callbackUrl = String(answer.body.callbackUrl);
      expect(callbackUrl).toMatch(/\/start\/signing\/smart-id-return\?session=[\w-]+&value=[\w-]+&sessionSecretDigest=[\w-]+$/);
      // The app opens its return page in another tab, which is not signed in (here in Estonian).
      const returned = await context.newPage();
      await returned.goto(`${callbackUrl}&lang=et`);
      await returned.getByRole('heading', { level: 1, name: 'Sisesta Smart-ID rakenduses PIN2' }).waitFor({ timeout: 20_000 });
      await expectNoAxeViolations(returned);
      await page.waitForURL(`${suite.server.baseUrl}/start/success`, { timeout: 20_000 });
      // Used once: opened again, it says so and what to do.
      await returned.reload();
      await returned.getByRole('heading', { level: 1, name: 'Seda linki on juba kasutatud' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
