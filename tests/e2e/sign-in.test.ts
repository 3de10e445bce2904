import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { signInForTesting, waitForHydratedControls } from './support/pages.js';
import { useBrowserSuite } from './support/suite.js';

const suite = useBrowserSuite();

/** The code the simulated phone shows for the person's latest PIN1 prompt. */
const phoneCode = (personalId: string) => suite.server.app.identitySimulators?.phoneScreen(personalId)?.verificationCode;

async function startSignIn(method: 'Smart-ID' | 'Mobile-ID', personalId: string, phoneNumber?: string) {
  await suite.page.goto(`${suite.server.baseUrl}/start/authentication?lang=en`);
  await suite.page.getByRole('radio', { name: method }).check();
  await suite.page.getByLabel('Personal ID code').first().fill(personalId);
  if (phoneNumber) await suite.page.getByLabel('Phone number').fill(phoneNumber);
  await suite.page.getByRole('button', { name: 'Continue' }).click();
}

describe('sign-in journeys in Chromium', () => {
  it('signs in with Smart-ID: the page shows the code the phone shows, then the greeting', async () => {
    await startSignIn('Smart-ID', '40504040001');
    await suite.page.getByRole('heading', { name: 'Verification code' }).waitFor();
    const shown = await suite.page.getByTestId('verification-code').textContent();
    expect(shown).toMatch(/^\d{4}$/);
    expect((await new AxeBuilder({ page: suite.page }).analyze()).violations).toEqual([]);
    expect(shown).toBe(phoneCode('40504040001'));
    await suite.page.waitForURL(`${suite.server.baseUrl}/start/personal-information`);
    await suite.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await suite.page.getByRole('main').textContent()).toMatch(/[A-ZÄÖÜÕ]{2,}/);
  });

  it('signs in with Mobile-ID: the same code as the phone, then the greeting', async () => {
    // The number as people type it: Mobile-ID is asked with +37200000766.
    await startSignIn('Mobile-ID', '60001019906', '372 0000 0766');
    await suite.page.getByRole('heading', { name: 'Verification code' }).waitFor();
    expect(await suite.page.getByTestId('verification-code').textContent()).toBe(phoneCode('60001019906'));
    await suite.page.waitForURL(`${suite.server.baseUrl}/start/personal-information`);
    await suite.page
      .getByText(/MARY ÄNN/)
      .first()
      .waitFor();
    // The number Mobile-ID confirmed at sign-in is offered as her phone.
    expect(await suite.page.getByLabel('Phone number').inputValue()).toBe('+37200000766');
  });

  it('ends a Smart-ID refusal on the error page with the cancellation message, without a failed request', async () => {
    // A refusal is the person's answer: the status call answers it with 200, so the browser logs no error.
    const failedRequests: string[] = [];
    const consoleErrors: string[] = [];
    const onResponse = (response: { status(): number; url(): string }) => {
      if (response.status() >= 400) failedRequests.push(`${String(response.status())} ${response.url()}`);
    };
    const onConsole = (message: { type(): string; text(): string }) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    };
    suite.page.on('response', onResponse);
    suite.page.on('console', onConsole);
    await startSignIn('Smart-ID', '30403039917');
    await suite.page.waitForURL(/\/start\/authentication-error\?error-code=COMMON\.USER_CANCEL$/);
    await suite.page.getByRole('heading', { name: 'Sign-in cancelled' }).waitFor();
    suite.page.off('response', onResponse);
    suite.page.off('console', onConsole);
    expect(failedRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect((await new AxeBuilder({ page: suite.page }).analyze()).violations).toEqual([]);
    await suite.page.getByRole('link', { name: 'Try again' }).click();
    await suite.page.waitForURL(`${suite.server.baseUrl}/start/authentication`);
  });

  it('ends a Mobile-ID timeout on the error page with the timeout message; Try again keeps the method and what was typed', async () => {
    await startSignIn('Mobile-ID', '50001018908', '+37066000266');
    await suite.page.waitForURL(/error-code=MID\.TIMEOUT$/);
    await suite.page.getByRole('heading', { name: 'Mobile-ID sign-in timed out' }).waitFor();
    await suite.page.getByRole('link', { name: 'Try again' }).click();
    await suite.page.waitForURL(`${suite.server.baseUrl}/start/authentication`);
    await waitForHydratedControls(suite.page);
    expect(await suite.page.getByRole('radio', { name: 'Mobile-ID' }).isChecked()).toBe(true);
    expect(await suite.page.getByLabel('Personal ID code').first().inputValue()).toBe('50001018908');
    expect(await suite.page.getByLabel('Phone number').inputValue()).toBe('+37066000266');
    // What cannot be a number is refused on the field, before Mobile-ID is asked.
    await suite.page.getByLabel('Phone number').fill('+372 12');
    await suite.page.getByRole('button', { name: 'Continue' }).click();
    await suite.page.getByText('Incorrect telephone number').waitFor();
    expect(suite.page.url()).toBe(`${suite.server.baseUrl}/start/authentication`);
  });

  it('ends an unknown Smart-ID account on the error page with the user-not-found message', async () => {
    await startSignIn('Smart-ID', '38001085718');
    await suite.page.waitForURL(/error-code=SID\.USER_NOT_FOUND$/);
    await suite.page.getByRole('heading', { name: 'Smart-ID account not found' }).waitFor();
  });

  it('signs in with the ID-card through the simulated card reader, by keyboard, then the greeting', async () => {
    const { page } = suite;
    await page.goto(`${suite.server.baseUrl}/start/authentication?lang=en`);
    await waitForHydratedControls(page);
    const idCard = page.getByRole('radio', { name: 'ID-card' });
    await idCard.focus();
    await page.keyboard.press('Space');
    expect(await idCard.isChecked()).toBe(true);
    const personalId = page.getByRole('textbox', { name: 'Personal ID code of the card' });
    await personalId.focus();
    await page.keyboard.type('38001085718');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${suite.server.baseUrl}/start/personal-information`);
    // The person is whoever the card's certificate names: SK's test ID-card in the simulated reader.
    await page
      .getByText(/JAAK-KRISTJAN JÕEORG/)
      .first()
      .waitFor();
  });

  it('signs in with a card of the 2025 chain, whose reader answers Web eID 1.1 with the signing certificate', async () => {
    const { page } = suite;
    await page.goto(`${suite.server.baseUrl}/start/authentication?lang=en`);
    await page.getByRole('radio', { name: 'ID-card' }).check();
    await page.getByRole('textbox', { name: 'Personal ID code of the card' }).fill('48001019964');
    await page.getByRole('button', { name: 'Sign in with ID-card' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/start/personal-information`);
    await page
      .getByText(/CARD 2025 TESTNUMBER/)
      .first()
      .waitFor();
  });

  it('ends the ID-card sign-in of a card without certificates on the error page with its message', async () => {
    const { page } = suite;
    await page.goto(`${suite.server.baseUrl}/start/authentication?lang=en`);
    await page.getByRole('radio', { name: 'ID-card' }).check();
    await page.getByRole('textbox', { name: 'Personal ID code of the card' }).fill('38001019930');
    await page.getByRole('button', { name: 'Sign in with ID-card' }).click();
    await page.waitForURL(/error-code=IDC\.NO_CERTIFICATES$/);
    await page.getByRole('heading', { name: 'Certificates not found' }).waitFor();
  });

  it('shows the field error after the field is left, and keeps the user on the form', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/start/authentication?lang=en`);
    const personalId = suite.page.getByLabel('Personal ID code').first();
    await personalId.fill('12345678901');
    await personalId.blur();
    await suite.page.getByText('Incorrect Estonian ID code').waitFor();
    expect(await personalId.getAttribute('aria-invalid')).toBe('true');
  });

  it('cancel on the code page stops the sign-in and returns to the form without an error', async () => {
    await startSignIn('Smart-ID', '30403039983');
    await suite.page.getByRole('button', { name: 'Cancel' }).click();
    await suite.page.waitForURL(`${suite.server.baseUrl}/start/authentication`);
    await suite.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  });

  it('sends a visitor without a session from a signed-in page to authentication', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/start/personal-information`);
    await suite.page.waitForURL(`${suite.server.baseUrl}/start/authentication`);
  });
});

describe('the signed-in session', () => {
  it('sends a signed-in user opening authentication to personal information', async () => {
    await signInForTesting(suite.page, suite.server.baseUrl);
    await suite.page.goto(`${suite.server.baseUrl}/start/authentication`);
    await suite.page.waitForURL(`${suite.server.baseUrl}/start/personal-information`);
  });

  it('warns after a minute without activity, before the 90 s timeout; Yes keeps the session', async () => {
    await suite.page.clock.install();
    await signInForTesting(suite.page, suite.server.baseUrl);
    await suite.page.clock.fastForward('00:35');
    // Half a minute of reading is no reason to interrupt (decision 45).
    expect(await suite.page.getByRole('alertdialog').count()).toBe(0);
    await suite.page.clock.fastForward('00:30');
    const warning = suite.page.getByRole('alertdialog', { name: 'Your session is about to end' });
    await warning.waitFor();
    await warning.getByRole('button', { name: 'Yes, continue' }).click();
    await warning.waitFor({ state: 'detached' });
    expect(new URL(suite.page.url()).pathname).toBe('/start/personal-information');
  });

  it('a tab whose session expires soon opens the warning in the other tab too, and Yes there closes both', async () => {
    const first = suite.page;
    // One clock for the browser context: both tabs share it.
    const clock = first.context().clock;
    await clock.install();
    await signInForTesting(first, suite.server.baseUrl);
    // A second tab of the same browser with the same session, as a duplicated tab has.
    const storage = await first.evaluate(() => Object.entries((globalThis as unknown as { sessionStorage: Record<string, string> }).sessionStorage));
    const second = await first.context().newPage();
    await second.addInitScript((entries) => {
      for (const [key, value] of entries)
        (globalThis as unknown as { sessionStorage: { setItem(key: string, value: string): void } }).sessionStorage.setItem(key, value);
    }, storage);
    await second.goto(`${suite.server.baseUrl}/start/personal-information?lang=en`);
    await second.getByRole('heading', { level: 1, name: 'Personal information' }).waitFor();

    // Activity in the second tab reaches the first; two seconds later the second tab sees more, which it keeps to
    // itself for now (tabs share activity at most every five seconds). The clock first moves on by more than those
    // five seconds: an event of the second tab while it loaded (a scroll) may have been shared, and the first key
    // press would otherwise be kept back too, leaving the two tabs' clocks further apart than the test means.
    await clock.pauseAt((await first.evaluate(() => Date.now())) + 6000);
    await second.keyboard.press('Shift');
    await clock.runFor(2000);
    await second.keyboard.press('Shift');
    // 58 s on, the first tab's session expires soon; the second tab's own clock is two seconds short of its warning,
    // within the allowed difference, so it opens the warning with the first tab's expiry time.
    await clock.runFor(58_000);
    const firstWarning = first.getByRole('alertdialog', { name: 'Your session is about to end' });
    const secondWarning = second.getByRole('alertdialog', { name: 'Your session is about to end' });
    await firstWarning.waitFor();
    await secondWarning.waitFor();
    expect(await second.getByTestId('session-countdown').textContent()).toBe('Time left: 30 s');
    expect(
      await second
        .getByRole('button', { name: 'Yes, continue' })
        .evaluate((button) => button === (button.ownerDocument as unknown as { activeElement: unknown }).activeElement),
    ).toBe(true);

    // Yes in the first tab: the session no longer expires soon, and the second tab's warning closes too.
    await firstWarning.getByRole('button', { name: 'Yes, continue' }).click();
    // The closing fade runs on the paused clock: step it on until both warnings have gone.
    for (let step = 0; step < 20 && (await firstWarning.count()) + (await secondWarning.count()) > 0; step += 1) await clock.runFor(100);
    expect(await firstWarning.count()).toBe(0);
    expect(await secondWarning.count()).toBe(0);
    expect(new URL(second.url()).pathname).toBe('/start/personal-information');
  });

  it('logs out after the inactivity timeout when nobody answers the warning', async () => {
    await suite.page.clock.install();
    await signInForTesting(suite.page, suite.server.baseUrl);
    await suite.page.clock.fastForward('01:35');
    await suite.page.waitForURL(`${suite.server.baseUrl}/start/authentication`);
    await suite.page.getByText('Your session has ended').waitFor();
  });

  it('logs out to authentication with the success toast, and the old session is gone', async () => {
    await signInForTesting(suite.page, suite.server.baseUrl);
    await suite.page.getByRole('button', { name: 'Log out' }).click();
    await suite.page.waitForURL(`${suite.server.baseUrl}/start/authentication`);
    await suite.page.getByText('You have logged out').waitFor();
    await suite.page.goto(`${suite.server.baseUrl}/start/personal-information`);
    await suite.page.waitForURL(`${suite.server.baseUrl}/start/authentication`);
  });
});
