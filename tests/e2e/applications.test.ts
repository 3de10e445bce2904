import { describe, expect, it } from 'vitest';
import { givePersonalInformation, signInWithSmartId } from './support/journey.js';
import { readSessionStorage, signInForTesting } from './support/pages.js';
import { expectNoAxeViolations } from './support/accessibility.js';
import { inEveryLanguageAndWidth } from './support/screens.js';
import { useBrowserSuite } from './support/suite.js';

const suite = useBrowserSuite({ SIMULATOR_COMPLETION_DELAY_MS: '200' });

/** Clicks the option card, as a person does (its label covers the whole card). */
async function pickOption(name: RegExp) {
  await suite.page.locator('label', { hasText: name }).click();
  expect(await suite.page.getByRole('radio', { name }).isChecked()).toBe(true);
}

async function chooseCompany(name: RegExp) {
  await pickOption(name);
  await suite.page.getByRole('button', { name: 'Continue' }).click();
}

describe('from sign-in to the first step', () => {
  it('signs in, gives personal information and consent, chooses a register company and lands on the first step', async () => {
    await signInWithSmartId(suite.page, suite.server.baseUrl, '40504040001');
    await givePersonalInformation(suite.page);
    await expectNoAxeViolations(suite.page);
    await chooseCompany(/Näidis Tehnoloogia OÜ/);
    await suite.page.waitForURL(`${suite.server.baseUrl}/start/application/opening-reasons`);
    await suite.page.getByRole('heading', { level: 1, name: 'Reasons for opening the account' }).waitFor();
    const stepper = suite.page.getByRole('navigation', { name: 'Application steps' });
    expect(await stepper.locator('[aria-current="step"]').textContent()).toContain('Opening reasons');
    await expectNoAxeViolations(suite.page);
  });

  it('starts an application for a company typed by hand', async () => {
    await signInForTesting(suite.page, suite.server.baseUrl, '38001085718');
    await givePersonalInformation(suite.page);
    await pickOption(/My company is not in the list/);
    await suite.page.getByLabel('Business name').fill('Uus Idee OÜ');
    await suite.page.getByRole('button', { name: 'Continue' }).click();
    await suite.page.waitForURL(`${suite.server.baseUrl}/start/application/opening-reasons`);
    await suite.page.getByText('Uus Idee OÜ').waitFor();
  });
});

describe('consent to registry queries (docs/requirements.md section 1)', () => {
  it('keeps choose-company closed until it is given, and the API refuses the register without it', async () => {
    const { page, server } = suite;
    await signInForTesting(page, server.baseUrl, '30303039903');
    await page.goto(`${server.baseUrl}/start/choose-company?lang=en`);
    await page.waitForURL(`${server.baseUrl}/start/personal-information`);
    await page.getByRole('heading', { level: 1, name: 'Personal information' }).waitFor();
    const refused = await page.evaluate(async () => {
      const globals = globalThis as unknown as { sessionStorage: { getItem(key: string): string | null }; fetch: typeof fetch };
      const response = await globals.fetch('/onboarding/representative/companies', {
        headers: { authorization: `Bearer ${globals.sessionStorage.getItem('accessToken') ?? ''}` },
      });
      return { status: response.status, body: (await response.json()) as { code: string } };
    });
    expect(refused).toMatchObject({ status: 409, body: { code: 'CONSENT_REQUIRED' } });

    await givePersonalInformation(page);
    await page.waitForURL(`${server.baseUrl}/start/choose-company`);
    await page.getByRole('heading', { level: 1, name: 'Choose a company' }).waitFor();
  });
});

describe('outcomes the server decides', () => {
  it('sends a minor to the branch outcome right after sign-in, before anything is typed', async () => {
    const { page, server } = suite;
    await page.goto(`${server.baseUrl}/start/authentication?lang=en`);
    await page.getByRole('radio', { name: 'Smart-ID' }).check();
    await page.getByLabel('Personal ID code').first().fill('61101012257');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${server.baseUrl}/start/error/minor`, { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'Please visit a bank office' }).waitFor();
    expect(await page.getByRole('main').textContent()).toContain('parent or legal representative');
    expect(await page.getByLabel('E-mail').count()).toBe(0);
    await expectNoAxeViolations(page);
    // Typing the address of a later screen leads to the same outcome.
    await page.goto(`${server.baseUrl}/start/choose-company`);
    await page.waitForURL(`${server.baseUrl}/start/error/minor`);
  });

  it('asks for a valid identity document right after sign-in, before anything is typed: the branches, whom to ask, log out', async () => {
    const { page, server } = suite;
    await page.goto(`${server.baseUrl}/start/authentication?lang=en`);
    await page.getByRole('radio', { name: 'Smart-ID' }).check();
    await page.getByLabel('Personal ID code').first().fill('30303039914');
    await page.getByRole('button', { name: 'Continue' }).click();
    // Before personal information or a company, as for the minor (decision 46).
    await page.waitForURL(`${server.baseUrl}/start/error/document-invalid`, { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'A valid identity document is required' }).waitFor();
    await page.getByText(/Please apply for a new document, or visit a bank office with a valid one/).waitFor();
    expect(await page.getByLabel('E-mail').count()).toBe(0);
    const branches = page.getByRole('region', { name: 'Our branches' });
    await branches.getByText('Tartu branch').waitFor();
    expect(await branches.locator('a[href^="mailto:"]').count()).toBe(1);
    // Home led back to this very page; the way out is to log out.
    expect(await page.getByRole('link', { name: 'Back to home' }).count()).toBe(0);
    await inEveryLanguageAndWidth(page, process.env.SESSION_SCREENSHOTS, 'document-invalid');
    // Typing the address of a later screen leads to the same outcome.
    await page.goto(`${server.baseUrl}/start/choose-company`);
    await page.waitForURL(`${server.baseUrl}/start/error/document-invalid`);
    await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${server.baseUrl}/start/authentication`);
    await page.getByText('You have logged out').waitFor();
  });

  it('says an application was already submitted, also when its company is typed by hand: the list decides', async () => {
    await signInWithSmartId(suite.page, suite.server.baseUrl, '39901012239');
    await givePersonalInformation(suite.page);
    await suite.page.getByText('The application has been submitted and is being handled.').waitFor();
    await pickOption(/My company is not in the list/);
    await suite.page.getByLabel('Business name').fill('Kesklinna Kohvik OÜ');
    await suite.page.getByLabel(/Registry code/).fill('19007832');
    await suite.page.getByRole('button', { name: 'Continue' }).click();
    await suite.page.getByText('Kesklinna Kohvik OÜ is in the Business Register and you may represent it: choose it from your companies above').waitFor();
    await expectNoAxeViolations(suite.page);
    await suite.page.getByRole('button', { name: 'Choose this company' }).last().click();
    expect(await suite.page.getByRole('radio', { name: /Kesklinna Kohvik OÜ/ }).isChecked()).toBe(true);
    await suite.page.getByRole('button', { name: 'Continue' }).click();
    await suite.page.getByRole('heading', { level: 1, name: 'The application has already been submitted' }).waitFor();
    await expectNoAxeViolations(suite.page);
  });
});

describe('a company typed by hand that the register knows', () => {
  it('is refused for someone the register does not name, with the way to a manager', async () => {
    await signInForTesting(suite.page, suite.server.baseUrl, '38001085718');
    await givePersonalInformation(suite.page);
    await pickOption(/My company is not in the list/);
    await suite.page.getByLabel('Business name').fill('Näidis Tehnoloogia OÜ');
    await suite.page.getByLabel(/Registry code/).fill('19000148');
    await suite.page.getByRole('button', { name: 'Continue' }).click();
    await suite.page.getByText('Incorrect registry code').waitFor();
    await suite.page.getByLabel(/Registry code/).fill('');
    await suite.page.getByRole('button', { name: 'Continue' }).click();
    await suite.page.getByText('Näidis Tehnoloogia OÜ is in the Business Register, which does not name you as its representative').waitFor();
    const manager = suite.page.getByText(/A relationship manager will help you/);
    expect(await manager.getByRole('link').count()).toBe(2);
    expect(await suite.page.getByLabel('Business name').evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
    await expectNoAxeViolations(suite.page);
    expect(suite.page.url()).toBe(`${suite.server.baseUrl}/start/choose-company`);
  });
});

describe('save and continue later', () => {
  it('mails a link that, after signing in again as the same person, resumes the same step with the draft intact', async () => {
    await signInWithSmartId(suite.page, suite.server.baseUrl, '50001029996');
    await givePersonalInformation(suite.page, 'logistika@example.ee');
    await chooseCompany(/Lõuna Logistika OÜ/);
    await suite.page.waitForURL(`${suite.server.baseUrl}/start/application/opening-reasons`);

    // A draft as autosave leaves it (the step forms come with their own screens).
    const processId = await readSessionStorage(suite.page, 'processId');
    const accessToken = await readSessionStorage(suite.page, 'accessToken');
    const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
    const application = (await (await fetch(`${suite.server.baseUrl}/onboarding/applications/${processId}`, { headers })).json()) as { version: number };
    const draft = { openingReasons: ['DEPOSIT'], otherReason: 'Pooleli jäänud mõte' };
    await fetch(`${suite.server.baseUrl}/onboarding/applications/${processId}/drafts/AccountOpeningReason`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ version: application.version, data: draft }),
    });
    await suite.page.reload();
    await suite.page.getByRole('heading', { level: 1, name: 'Reasons for opening the account' }).waitFor();

    await suite.page.getByRole('button', { name: 'Save and continue later' }).click();
    const dialog = suite.page.getByRole('dialog', { name: 'Save and continue later?' });
    await dialog.getByRole('button', { name: 'Save and send the link' }).click();
    await suite.page.getByText('The link has been sent').waitFor();
    // The dialog names the address the link went to: the representative's own.
    await suite.page.getByText('We sent a link to logistika@example.ee.', { exact: false }).waitFor();
    await suite.page.getByRole('button', { name: 'Log out' }).last().click();
    await suite.page.waitForURL(`${suite.server.baseUrl}/start/authentication`);

    const mailbox = (await (await fetch(`${suite.server.baseUrl}/dev/mailbox/messages.json?recipient=logistika@example.ee`)).json()) as {
      links: string[];
    }[];
    const link = mailbox[0]?.links.find((href) => href.includes(`processId=${processId}`));
    expect(link).toBeDefined();

    // The link alone opens nothing: it leads to sign-in, and after it to the same step.
    const linkPath = new URL(link ?? '').pathname + new URL(link ?? '').search;
    await suite.page.goto(`${suite.server.baseUrl}${linkPath}`);
    await suite.page.waitForURL(`${suite.server.baseUrl}/start/authentication`);
    await suite.page.getByRole('radio', { name: 'Smart-ID' }).check();
    await suite.page.getByLabel('Personal ID code').first().fill('50001029996');
    await suite.page.getByRole('button', { name: 'Continue' }).click();
    await suite.page.waitForURL(`${suite.server.baseUrl}/start/application/opening-reasons`, { timeout: 20_000 });
    const resumed = await readSessionStorage(suite.page, 'processId');
    expect(resumed).toBe(processId);
    const newToken = await readSessionStorage(suite.page, 'accessToken');
    const after = await (
      await fetch(`${suite.server.baseUrl}/onboarding/applications/${processId}`, { headers: { authorization: `Bearer ${newToken}` } })
    ).json();
    expect(after).toMatchObject({ currentStep: 'AccountOpeningReason', drafts: { AccountOpeningReason: draft } });
  });
});
