import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { givePersonalInformation, startApplication } from './support/journey.js';
import { readSessionStorage, signInForTesting } from './support/pages.js';
import { inEveryLanguageAndWidth } from './support/screens.js';
import { useBrowserSuite } from './support/suite.js';

const suite = useBrowserSuite();

// Screenshots of the sign-in screen that says the session ended, when a folder is given.
const SCREENSHOTS = process.env.SESSION_SCREENSHOTS;

const APPLICANT = '38001085718';
const COMPANY = /Jõeorg Konsultatsioonid OÜ/;
const ANOTHER_PERSON = '40504040001';

/** The test sign-in on the sign-in screen, as `personalId`, without waiting for a particular screen after it. */
async function signInAgainAs(page: Page, personalId: string): Promise<void> {
  const section = page.getByRole('region', { name: 'Test sign-in' });
  await section.getByLabel('Personal ID code').fill(personalId);
  await section.getByRole('button', { name: 'Sign in for testing' }).click();
}

/** The applicant's application, started by the first test or resumed: on whichever step it is at. */
async function openTheApplication(page: Page, baseUrl: string): Promise<void> {
  await signInForTesting(page, baseUrl, APPLICANT);
  await givePersonalInformation(page, 'jaak@example.ee');
  await page.locator('label', { hasText: COMPANY }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(new RegExp(`^${baseUrl}/start/application/`));
  expect(await readSessionStorage(page, 'processId')).not.toBeNull();
}

/** Opening reasons saved, on to company information, then back to the first step: the server's step is the second. */
async function leaveOnTheFirstStepOfTwo(page: Page, baseUrl: string): Promise<void> {
  await page.getByRole('checkbox', { name: /Deposit/ }).check({ force: true });
  await page.getByRole('button', { name: 'Continue', exact: false }).last().click();
  await page.waitForURL(`${baseUrl}/start/application/company-information`);
  await page.getByLabel('Business e-mail').waitFor();
  await page.goBack();
  await page.waitForURL(`${baseUrl}/start/application/opening-reasons`);
  await page.getByRole('heading', { level: 1, name: 'Reasons for opening the account' }).waitFor();
}

describe('a session that ends without a logout (decision 45), in Chromium', () => {
  it('the sign-in screen says so until the next sign-in, and the same person is back on the step they left', async () => {
    const { page, server } = suite;
    await page.clock.install();
    await startApplication(page, server.baseUrl, { personalId: APPLICANT, company: COMPANY });
    await leaveOnTheFirstStepOfTwo(page, server.baseUrl);

    // Nobody touches anything: the warning after a minute, the end at 90 seconds.
    await page.clock.fastForward('01:05');
    await page.getByRole('alertdialog', { name: 'Your session is about to end' }).waitFor();
    await page.clock.fastForward('00:30');
    await page.waitForURL(`${server.baseUrl}/start/authentication`);
    const notice = page.getByRole('status').filter({ hasText: 'Your session has ended' });
    await notice.waitFor();
    // Long after a toast would have gone, and after a reload, it is still said.
    await page.clock.fastForward('05:00');
    expect(await notice.isVisible()).toBe(true);
    await page.reload();
    await notice.waitFor();
    await inEveryLanguageAndWidth(page, SCREENSHOTS, 'sign-in-session-ended');

    await signInAgainAs(page, APPLICANT);
    // The step the person was on, not the server's next one, and not personal information.
    await page.waitForURL(`${server.baseUrl}/start/application/opening-reasons`);
    await page.getByRole('heading', { level: 1, name: 'Reasons for opening the account' }).waitFor();
    expect(await page.getByRole('checkbox', { name: /Deposit/ }).isChecked()).toBe(true);
    // Said until this sign-in, and no longer.
    await page.getByRole('button', { name: 'Log out' }).last().click();
    await page.waitForURL(`${server.baseUrl}/start/authentication`);
    await page.getByText('You have logged out').waitFor();
    expect(await page.getByText('Your session has ended').count()).toBe(0);
  });

  it('another person signing in in the same tab starts clean, at personal information', async () => {
    const { page, server } = suite;
    await page.clock.install();
    await openTheApplication(page, server.baseUrl);
    await page.clock.fastForward('01:35');
    await page.waitForURL(`${server.baseUrl}/start/authentication`);
    await page.getByText('Your session has ended').waitFor();

    await signInAgainAs(page, ANOTHER_PERSON);
    await page.waitForURL(`${server.baseUrl}/start/personal-information`);
    await page.getByRole('heading', { level: 1, name: 'Personal information' }).waitFor();
    expect(await readSessionStorage(page, 'processId')).toBeNull();
  });

  it('after a logout, the next person in the same tab starts clean too', async () => {
    const { page, server } = suite;
    await openTheApplication(page, server.baseUrl);
    await page.getByRole('button', { name: 'Log out' }).last().click();
    await page.waitForURL(`${server.baseUrl}/start/authentication`);
    // A logout is no ended session: nothing to say about it on the sign-in screen but the toast.
    expect(await page.getByText('Your session has ended').count()).toBe(0);

    await signInAgainAs(page, ANOTHER_PERSON);
    await page.waitForURL(`${server.baseUrl}/start/personal-information`);
    await page.getByRole('heading', { level: 1, name: 'Personal information' }).waitFor();
    expect(await readSessionStorage(page, 'processId')).toBeNull();
  });
});
