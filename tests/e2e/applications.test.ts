import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { givePersonalInformation, signInWithSmartId } from './support/journey.js';
import { newPage, signInForTesting } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer({ SIMULATOR_COMPLETION_DELAY_MS: '200' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  page = await newPage(browser);
});

afterEach(async () => {
  await page.context().close();
});

/** Clicks the option card, as a person does (its label covers the whole card). */
async function pickOption(name: RegExp) {
  await page.locator('label', { hasText: name }).click();
  expect(await page.getByRole('radio', { name }).isChecked()).toBe(true);
}

async function chooseCompany(name: RegExp) {
  await pickOption(name);
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('from sign-in to the first step', () => {
  it('signs in, gives personal information and consent, chooses a register company and lands on the first step', async () => {
    await signInWithSmartId(page, server.baseUrl, '40504040001');
    await givePersonalInformation(page);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await chooseCompany(/Näidis Tehnoloogia OÜ/);
    await page.waitForURL(`${server.baseUrl}/start/application/opening-reasons`);
    await page.getByRole('heading', { level: 1, name: 'Reasons for opening the account' }).waitFor();
    const stepper = page.getByRole('navigation', { name: 'Application steps' });
    expect(await stepper.locator('[aria-current="step"]').textContent()).toContain('Opening reasons');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  it('starts an application for a company typed by hand', async () => {
    await signInForTesting(page, server.baseUrl, '38001085718');
    await givePersonalInformation(page);
    await pickOption(/My company is not in the list/);
    await page.getByLabel('Business name').fill('Uus Idee OÜ');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${server.baseUrl}/start/application/opening-reasons`);
    await page.getByText('Uus Idee OÜ').waitFor();
  });
});

describe('outcomes the server decides', () => {
  it('sends a minor to the branch outcome', async () => {
    await signInWithSmartId(page, server.baseUrl, '61101012257');
    await givePersonalInformation(page);
    await chooseCompany(/Noorte Ideede OÜ/);
    await page.getByRole('heading', { level: 1, name: 'Please visit a bank office' }).waitFor();
    expect(await page.getByRole('main').textContent()).toContain('parent or legal representative');
  });

  it('asks for a valid identity document', async () => {
    await signInWithSmartId(page, server.baseUrl, '30303039914');
    await givePersonalInformation(page);
    await chooseCompany(/Kivimäe Transport OÜ/);
    await page.getByRole('heading', { level: 1, name: 'A valid identity document is required' }).waitFor();
  });

  it('says an application was already submitted', async () => {
    await signInWithSmartId(page, server.baseUrl, '39901012239');
    await givePersonalInformation(page);
    await page.getByText('The application has been submitted and is being handled.').waitFor();
    await pickOption(/My company is not in the list/);
    await page.getByLabel('Business name').fill('Kesklinna Kohvik OÜ');
    await page.getByLabel(/Registry code/).fill('19007832');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'The application has already been submitted' }).waitFor();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});

describe('save and continue later', () => {
  it('mails a link that, after signing in again as the same person, resumes the same step with the draft intact', async () => {
    await signInWithSmartId(page, server.baseUrl, '50001029996');
    await givePersonalInformation(page, 'logistika@example.ee');
    await chooseCompany(/Lõuna Logistika OÜ/);
    await page.waitForURL(`${server.baseUrl}/start/application/opening-reasons`);

    // A draft as autosave leaves it (the step forms come with their own screens).
    const processId = await page.evaluate(() => window.sessionStorage.getItem('processId'));
    const accessToken = await page.evaluate(() => window.sessionStorage.getItem('accessToken'));
    const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
    const application = await (await fetch(`${server.baseUrl}/onboarding/applications/${processId}`, { headers })).json();
    const draft = { openingReasons: ['DEPOSIT'], otherReason: 'Pooleli jäänud mõte' };
    await fetch(`${server.baseUrl}/onboarding/applications/${processId}/drafts/AccountOpeningReason`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ version: application.version, data: draft }),
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Reasons for opening the account' }).waitFor();

    await page.getByRole('button', { name: 'Save and continue later' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save and continue later?' });
    await dialog.getByRole('button', { name: 'Save and send the link' }).click();
    await page.getByText('The link has been sent').waitFor();
    await page.getByRole('button', { name: 'Log out' }).last().click();
    await page.waitForURL(`${server.baseUrl}/start/authentication`);

    const mailbox = (await (await fetch(`${server.baseUrl}/dev/mailbox/messages.json?recipient=logistika@example.ee`)).json()) as {
      links: string[];
    }[];
    const link = mailbox[0]?.links.find((href) => href.includes(`processId=${processId}`));
    expect(link).toBeDefined();

    // The link alone opens nothing: it leads to sign-in, and after it to the same step.
    const linkPath = new URL(link ?? '').pathname + new URL(link ?? '').search;
    await page.goto(`${server.baseUrl}${linkPath}`);
    await page.waitForURL(`${server.baseUrl}/start/authentication`);
    await page.getByRole('radio', { name: 'Smart-ID' }).check();
    await page.getByLabel('Personal ID code').first().fill('50001029996');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${server.baseUrl}/start/application/opening-reasons`, { timeout: 20_000 });
    const resumed = await page.evaluate(() => window.sessionStorage.getItem('processId'));
    expect(resumed).toBe(processId);
    const newToken = await page.evaluate(() => window.sessionStorage.getItem('accessToken'));
    const after = await (await fetch(`${server.baseUrl}/onboarding/applications/${processId}`, { headers: { authorization: `Bearer ${newToken}` } })).json();
    expect(after).toMatchObject({ currentStep: 'AccountOpeningReason', drafts: { AccountOpeningReason: draft } });
  });
});
