import { describe, expect, it } from 'vitest';
import { confirmationCodeFor } from './support/journey.js';
import { newPage, signInForTesting } from './support/pages.js';
import { useBrowserSuite } from './support/suite.js';

const suite = useBrowserSuite();

/** Gives the personal information with `email` and continues: a new address opens the confirmation step. */
async function giveDetails(page: Parameters<typeof signInForTesting>[0], email: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone number').fill('+372 5123 4567');
  await page.getByRole('checkbox', { name: /I am aware that the bank queries official databases/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('the e-mail confirmation on the personal information screen, in Chromium', () => {
  it('on a phone: asks for the code mailed to the new address, refuses a wrong one on the field, then opens choose-company', async () => {
    const page = await newPage(suite.browser, 360);
    await signInForTesting(page, suite.server.baseUrl, '30303030309');
    await giveDetails(page, 'telefon@example.ee');

    const heading = page.getByRole('heading', { level: 2, name: 'Confirm your e-mail address' });
    await heading.waitFor();
    // The step's heading has the focus, so a screen reader starts there.
    expect(await heading.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
    await page.getByText('We sent a confirmation code to telefon@example.ee. The code is valid for 10 minutes.').waitFor();
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const code = page.getByRole('textbox', { name: /Confirmation code/ });
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    const right = await confirmationCodeFor(suite.server.baseUrl, 'telefon@example.ee');
    await code.fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Wrong code. Tries left: 4').waitFor();
    expect(await code.getAttribute('aria-invalid')).toBe('true');

    await code.fill(right);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { level: 1, name: 'Choose a company' }).waitFor();
    await page.context().close();
  });

  it('asks nothing more at the next sign-in: the confirmed details are shown as facts, the consent with its date', async () => {
    const { page, server } = suite;
    await signInForTesting(page, server.baseUrl, '30303030314');
    await giveDetails(page, 'kord@example.ee');
    await page.getByRole('textbox', { name: /Confirmation code/ }).fill(await confirmationCodeFor(server.baseUrl, 'kord@example.ee'));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { level: 1, name: 'Choose a company' }).waitFor();

    const next = await newPage(suite.browser);
    await signInForTesting(next, server.baseUrl, '30303030314');
    await next.getByText('kord@example.ee').waitFor();
    expect(await next.getByLabel('E-mail').count()).toBe(0);
    await next.getByText(/^On \d{1,2} \w+ \d{4} you confirmed that you are aware/).waitFor();
    await next.getByRole('button', { name: 'Continue' }).click();
    await next.getByRole('heading', { level: 1, name: 'Choose a company' }).waitFor();
    await next.context().close();
  });
});
