import { JAAK_KRISTJAN } from '@onboarding/domain/test-support';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { integrationClients, type TestClient } from '../../apps/api/src/test/integration-clients.js';
import { expectNoAxeViolations } from './support/accessibility.js';
import { fillStepsThroughApi } from './support/api.js';
import { bankToken, decide } from './support/bank.js';
import { answerOverview, givePersonalInformation, signInWithSmartId } from './support/journey.js';
import { signInForTesting } from './support/pages.js';
import { useBrowserSuite } from './support/suite.js';

// The bank's system is a machine client of the integration API: it posts its decisions over HTTP.
const registered = await integrationClients([{ clientId: 'core-banking', scopes: ['applications:read', 'applications:decide'] }]);
const bank = registered.clients['core-banking'] as TestClient;
const suite = useBrowserSuite({ INTEGRATION_CLIENTS_FILE: registered.file });

/** A company of the list: its radio, badge, description and links. */
const optionOf = (page: Page, businessName: string) => page.getByRole('listitem').filter({ has: page.getByRole('radio', { name: businessName }) });

/** The process id of the signed-in person's application, as the page keeps it. */
const storedProcessId = (page: Page) => page.evaluate(() => sessionStorage.getItem('processId') ?? '');

describe('the company list after submission, in Chromium', () => {
  it('names the own submitted application with its status and status page, and the approval once the bank gives it', async () => {
    const { page, server } = suite;
    // The fixture's person whose application for Kesklinna Kohvik OÜ is submitted without a contract signed here.
    await signInWithSmartId(page, server.baseUrl, '39901012239');
    await givePersonalInformation(page);
    const kohvik = optionOf(page, 'Kesklinna Kohvik OÜ');
    await kohvik.getByText('Submitted', { exact: true }).waitFor();
    await kohvik.getByText('The application has been submitted and is being handled.', { exact: false }).waitFor();
    // Submitted is not blocked: nothing red beside it. Another representative's application for Tamme Aiandus OÜ blocks.
    expect(await kohvik.getByText('Cannot be chosen').count()).toBe(0);
    await optionOf(page, 'Tamme Aiandus OÜ').getByText('Cannot be chosen').waitFor();
    await expectNoAxeViolations(page);

    await kohvik.getByRole('link', { name: 'See where the application of Kesklinna Kohvik OÜ stands' }).click();
    await page.getByRole('heading', { level: 1, name: 'Application submitted' }).waitFor({ timeout: 20_000 });
    const processId = await storedProcessId(page);

    await decide(server.baseUrl, await bankToken(server.baseUrl, bank), processId, { type: 'APPROVED', accountNumber: 'EE382200221020145685' });
    await page.goto(`${server.baseUrl}/start/choose-company?lang=en`);
    await kohvik.getByText('Account opened', { exact: true }).waitFor({ timeout: 20_000 });
    await kohvik.getByText('The bank approved your application and opened an account for the company.', { exact: false }).waitFor();
    expect(await kohvik.getByText('Submitted', { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await kohvik.getByRole('link', { name: 'See where the application of Kesklinna Kohvik OÜ stands' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account opened' }).waitFor({ timeout: 20_000 });
  });

  it('the bank’s request for more information: on the list, then on the reopened step in the manager’s words, with each step’s true state (Estonian)', async () => {
    const { page, server } = suite;
    await signInForTesting(page, server.baseUrl, JAAK_KRISTJAN.person.personalId);
    await givePersonalInformation(page, 'jaak.joeorg@example.ee');
    const processId = await fillStepsThroughApi(page, server.baseUrl, JAAK_KRISTJAN, 'AdditionalData', 'overview');
    await answerOverview(page);
    await page.getByRole('group', { name: 'Signing method' }).getByRole('radio', { name: 'ID-card' }).check({ force: true });
    await page.getByRole('button', { name: 'Sign the contract' }).click();
    await page.waitForURL(`${server.baseUrl}/start/success`, { timeout: 20_000 });

    // Rich text: bold and a link stay; an image with a handler and a script link do not.
    const message =
      'Palun lisa <b>müügitulu prognoos</b> järgmiseks aastaks.\nVaata <a href="https://pank.example/abi" target="_blank">juhendit</a>.' +
      '<img src="x" onerror="document.title=\'hacked\'"><a href="javascript:document.title=\'hacked\'">!</a>';
    await decide(server.baseUrl, await bankToken(server.baseUrl, bank), processId, { type: 'MORE_INFORMATION_NEEDED', steps: ['Incomes'], message });

    await page.goto(`${server.baseUrl}/start/choose-company?lang=et`);
    const company = optionOf(page, JAAK_KRISTJAN.company.businessName);
    await company.getByText('Vajame lisainfot', { exact: true }).waitFor({ timeout: 20_000 });
    await company.getByText('Registrikood 19013347. Pank palub sul infot lisada. Sammud: Tulud.').waitFor();
    expect(await company.getByRole('radio').isDisabled()).toBe(false);
    await expectNoAxeViolations(page);
    await company.getByRole('link', { name: `Loe panga palvet: ${JAAK_KRISTJAN.company.businessName}` }).click();

    await page.getByRole('heading', { level: 1, name: 'Vajame lisainfot' }).waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Lisa puuduv info' }).click();
    await page.waitForURL(`${server.baseUrl}/start/application/incomes`);

    const request = page.getByRole('region', { name: 'Pank palub lisainfot' });
    await request.waitFor();
    const words = request.locator('blockquote');
    expect(await words.locator('b').textContent()).toBe('müügitulu prognoos');
    const help = words.getByRole('link', { name: 'juhendit' });
    expect(await help.getAttribute('href')).toBe('https://pank.example/abi');
    expect(await help.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await words.locator('img').count()).toBe(0);
    expect(await words.locator('a[href]').count()).toBe(1);
    expect(await page.title()).not.toBe('hacked');

    const steps = page.getByRole('navigation', { name: 'Taotluse sammud' }).getByRole('listitem');
    expect(await steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-state')))).toEqual(['kept', 'kept', 'furthest', 'kept', 'upcoming']);
    expect(await steps.nth(3).textContent()).toContain('(tehtud, muuta pole vaja)');
    expect(await steps.getByRole('link').count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});
