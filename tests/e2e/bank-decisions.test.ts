import type { ApplicationSubject } from '@onboarding/domain/test-support';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { integrationClients, type TestClient } from '../../apps/api/src/test/integration-clients.js';
import { startSmtpServer } from '../../apps/api/src/test/smtp-server.js';
import { expectNoAxeViolations } from './support/accessibility.js';
import { callApi, fillStepsThroughApi } from './support/api.js';
import { bankToken, decide } from './support/bank.js';
import { answerOverview, givePersonalInformation } from './support/journey.js';
import { newPage, signInForTesting, tabTo } from './support/pages.js';
import { useBrowserSuite } from './support/suite.js';

// The bank's system is a machine client of the integration API; the applicant's mail goes through a real SMTP server.
const smtp = await startSmtpServer();
const registered = await integrationClients([{ clientId: 'core-banking', scopes: ['applications:read', 'applications:decide'] }]);
const bank = registered.clients['core-banking'] as TestClient;
const suite = useBrowserSuite({ SMTP_URL: smtp.url, MAIL_SEND_INTERVAL_MS: '200', INTEGRATION_CLIENTS_FILE: registered.file });
afterAll(() => smtp.close());

const subject: ApplicationSubject = {
  company: { businessName: 'Otsuste Proov OÜ', registryCode: '' },
  person: { personalId: '38001085718', firstName: 'Jaak-Kristjan', lastName: 'Jõeorg', birthDate: '1980-01-08' },
};

const mailWithSubject = (text: string) => expect.poll(() => smtp.received.find((mail) => mail.subject.includes(text)), { timeout: 20_000 }).toBeDefined();

const timeline = (page: Page) => page.getByRole('list').filter({ has: page.getByRole('heading', { name: 'Taotlus on esitatud' }) });

describe('after the signature, in Chromium', () => {
  it('the bank books an identification and then approves: the applicant sees each on the status page and gets each mail, in Estonian', async () => {
    const { page, server } = suite;
    await signInForTesting(page, server.baseUrl, subject.person.personalId);
    await givePersonalInformation(page, 'jaak.joeorg@example.ee');
    // The contact language is the page's when the personal information is saved: Estonian, as if given on an Estonian page.
    const saved = await callApi(page, 'PUT', '/onboarding/representative/personal-information', {
      email: 'jaak.joeorg@example.ee',
      phone: '+372 5123 4567',
      hasConsentedToRegistryQueries: true,
      language: 'et',
    });
    expect(saved.status).toBe(200);
    const processId = await fillStepsThroughApi(page, server.baseUrl, subject, 'AdditionalData', 'overview');
    await answerOverview(page);
    await page
      .getByRole('group', { name: 'Signing method' })
      .or(page.getByRole('radiogroup', { name: 'Signing method' }))
      .getByRole('radio', { name: 'ID-card' })
      .check({ force: true });
    await page.getByRole('button', { name: 'Sign the contract' }).click();
    await page.waitForURL(`${server.baseUrl}/start/success`, { timeout: 20_000 });

    // The applicant reads the status page in Estonian.
    await page.goto(`${server.baseUrl}/start/success?lang=et`);
    await page.getByRole('heading', { level: 1, name: 'Taotlus on esitatud' }).waitFor();

    const token = await bankToken(server.baseUrl, bank);
    await decide(server.baseUrl, token, processId, { type: 'IDENTIFICATION_BOOKED', officeId: 'tallinn-1', at: '2030-03-04T11:30:00+02:00' });
    // The page also polls every 30 seconds (its component tests show it); here the applicant comes back to it.
    await page.reload();
    await page.getByRole('heading', { name: 'Tule pangakontorisse end tuvastama' }).waitFor({ timeout: 20_000 });
    await page.getByText('Tallinna kesklinna kontor').first().waitFor();
    await page
      .getByText(/kell 11\.30/)
      .first()
      .waitFor();
    await expectNoAxeViolations(page);
    await mailWithSubject('Ootame sind pangakontorisse');
    const booked = smtp.received.find((mail) => mail.subject.includes('Ootame sind pangakontorisse'));
    expect(booked?.envelopeTo).toContain('jaak.joeorg@example.ee');
    expect(booked?.text).toContain('Tallinna kesklinna kontor');

    await decide(server.baseUrl, token, processId, { type: 'IDENTIFIED' });
    await decide(server.baseUrl, token, processId, { type: 'APPROVED', accountNumber: 'EE382200221020145685' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Konto on avatud' }).waitFor({ timeout: 20_000 });
    await page.getByText('EE38 2200 2210 2014 5685').waitFor();
    // Newest first: the approval, the identification, the booking, the submission.
    const titles = await timeline(page).getByRole('heading', { level: 3 }).allTextContents();
    expect(titles).toEqual(['Konto on avatud', 'Oled end tuvastanud', 'Tule pangakontorisse end tuvastama', 'Taotlus on esitatud']);
    await expectNoAxeViolations(page);
    // By keyboard alone: from the top of the page to the online bank, then on to the downloads of the submission.
    await tabTo(page, page.getByRole('link', { name: 'Logi internetipanka' }));
    await tabTo(page, page.getByRole('button', { name: 'Laadi alla allkirjastatud konteiner (ASiC-E)' }));
    // The company is one typed by hand: the mail names it "your company", never as typed.
    await mailWithSubject('konto on avatud');
    const approved = smtp.received.find((mail) => mail.subject.includes('konto on avatud'));
    expect(approved?.envelopeTo).toContain('jaak.joeorg@example.ee');
    expect(approved?.text).toContain('EE38 2200 2210 2014 5685');
    expect(approved?.subject).not.toContain('Otsuste Proov');

    // The mail's link, opened on another device: the sign-in in the mail's language, then this status page itself, not
    // personal information and the company list (decision 45).
    const link = new URL(/https?:\/\/\S+\/start\/success\?\S+/.exec(approved?.text ?? '')?.[0] ?? '');
    expect(Object.fromEntries(link.searchParams)).toEqual({ processId, lang: 'et' });
    const elsewhere = await newPage(suite.browser, 360);
    await elsewhere.goto(`${server.baseUrl}${link.pathname}${link.search}`);
    await elsewhere.waitForURL(`${server.baseUrl}/start/authentication`);
    await elsewhere.getByRole('heading', { level: 1, name: 'Sisselogimine' }).waitFor();
    const test = elsewhere.getByRole('region', { name: 'Testsisselogimine' });
    await test.getByRole('textbox').fill(subject.person.personalId);
    await test.getByRole('button', { name: 'Logi sisse testimiseks' }).click();
    await elsewhere.waitForURL(new RegExp(`/start/success\\?processId=${processId}$`));
    await elsewhere.getByRole('heading', { level: 1, name: 'Konto on avatud' }).waitFor();
    await elsewhere.context().close();
  });
});
