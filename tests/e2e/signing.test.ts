import { readFile } from 'node:fs/promises';
import { MARY_ANN, OK_TESTNUMBER, type ApplicationSubject } from '@onboarding/domain/test-support';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyContainer } from '../../apps/api/src/modules/signing/container/verify-container.js';
import { startSmtpServer } from '../../apps/api/src/test/smtp-server.js';
import { expectNoAxeViolations } from './support/accessibility.js';
import { fillStepsThroughApi } from './support/api.js';
import { answerOverview, givePersonalInformation, signInWithSmartId } from './support/journey.js';
import { signInForTesting } from './support/pages.js';
import { chooseSigningAccountByQrCode } from './support/smart-id.js';
import { useBrowserSuite } from './support/suite.js';

// The follow-up mail goes through a real SMTP server on loopback; with the fee's price and account configured, the
// submission invoices the service fee.
const smtp = await startSmtpServer();
const suite = useBrowserSuite({ SMTP_URL: smtp.url, MAIL_SEND_INTERVAL_MS: '200', SERVICE_FEE_EUR: '35', SERVICE_FEE_IBAN: 'EE382200221020145685' });
afterAll(() => smtp.close());

const signingMethods = (page: Page) => page.getByRole('group', { name: 'Signing method' }).or(page.getByRole('radiogroup', { name: 'Signing method' }));

const smartIdBaseUrl = () => suite.server.app.identitySimulators?.smartIdBaseUrl ?? '';

/** What the simulated phone shows with the PIN2 prompt. */
const phoneScreen = (personalId: string) => suite.server.app.identitySimulators?.phoneScreen(personalId);

describe('signing and submission in Chromium', () => {
  it('goes from the Smart-ID sign-in to the success page: the code the phone shows, the follow-up on the page and in the mail', async () => {
    const { page, server } = suite;
    await signInWithSmartId(page, server.baseUrl, OK_TESTNUMBER.person.personalId);
    await givePersonalInformation(page, 'ok.testnumber@example.ee');
    await page.locator('label', { hasText: /Näidis Tehnoloogia OÜ/ }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${server.baseUrl}/start/application/opening-reasons`);
    await fillStepsThroughApi(page, server.baseUrl, OK_TESTNUMBER, 'AdditionalData', 'overview');
    await answerOverview(page);
    await expectNoAxeViolations(page);

    await signingMethods(page).getByRole('radio', { name: 'Smart-ID' }).check({ force: true });
    await page.getByRole('button', { name: 'Sign the contract' }).click();
    const code = page.getByText(/^\d{4}$/);
    await code.waitFor();
    const shown = await code.textContent();
    // Signed in with Smart-ID: that device shows the PIN2 prompt with this code.
    await expect.poll(() => phoneScreen(OK_TESTNUMBER.person.personalId)?.verificationCode, { timeout: 10_000 }).toBe(shown);
    expect(phoneScreen(OK_TESTNUMBER.person.personalId)?.pin).toBe('PIN2');
    await expectNoAxeViolations(page);

    await page.waitForURL(`${server.baseUrl}/start/success`, { timeout: 20_000 });
    await page.getByText('Contract signed').waitFor();
    await page.getByText(/Please pay the account opening service fee by the invoice below/).waitFor();
    // The invoice itself, with the account to pay to: the place to check an account a mail names.
    const invoice = page.getByRole('region', { name: 'Service fee invoice' });
    await invoice.getByText('EE38 2200 2210 2014 5685').waitFor();
    await invoice.getByText('€35.00').waitFor();
    await expectNoAxeViolations(page);
    const download = page.waitForEvent('download');
    await page
      .getByRole('button', { name: 'Download the contract (PDF)' })
      .or(page.getByRole('link', { name: 'Download the contract (PDF)' }))
      .click();
    expect((await download).suggestedFilename()).toMatch(/^contract-.*\.pdf$/);

    // The signed container proves itself: the file the page gives passes every check of verifyContainer.
    const containerDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the signed container (ASiC-E)' }).click();
    const container = await containerDownload;
    expect(container.suggestedFilename()).toMatch(/^contract-.*\.asice$/);
    const simulators = server.app.identitySimulators;
    const report = await verifyContainer(await readFile((await container.path()) ?? ''), {
      trustAnchors: simulators?.smartIdTrustAnchors ?? [],
      timestampTrustAnchors: simulators?.tsaTrustAnchors ?? [],
    });
    expect(report.checks.filter((check) => !check.ok)).toEqual([]);
    expect(report.signer?.personalId).toBe(OK_TESTNUMBER.person.personalId);

    await expect
      .poll(() => smtp.received.find((mail) => mail.envelopeTo.includes('ok.testnumber@example.ee') && mail.subject.includes('Näidis Tehnoloogia OÜ')), {
        timeout: 15_000,
      })
      .toBeDefined();
    const mail = smtp.received.find((message) => message.subject.includes('Näidis Tehnoloogia OÜ'));
    // The company's contact language is Estonian: the mail is too, and the invoice follows in one of its own.
    expect(mail?.text).toContain('Saadame sulle eraldi e-kirjaga arve');
    await expect
      .poll(() => smtp.received.find((message) => message.subject.startsWith('Arve: konto avamise teenustasu 35,00')), { timeout: 15_000 })
      .toBeDefined();
    expect(smtp.received.find((message) => message.subject.startsWith('Arve:'))?.text).toContain('Saaja konto: EE38 2200 2210 2014 5685');
  });

  it('signs with Mobile-ID and the phone number typed for it', async () => {
    const { page, server } = suite;
    await signInForTesting(page, server.baseUrl, MARY_ANN.person.personalId);
    await givePersonalInformation(page);
    await fillStepsThroughApi(page, server.baseUrl, MARY_ANN, 'AdditionalData', 'overview');
    await answerOverview(page);
    await signingMethods(page).getByRole('radio', { name: 'Mobile-ID' }).check({ force: true });
    await page.getByLabel('Phone number').fill('+37200000766');
    await page.getByRole('button', { name: 'Sign the contract' }).click();
    const code = page.getByText(/^\d{4}$/);
    await code.waitFor();
    await expect.poll(() => phoneScreen(MARY_ANN.person.personalId)?.verificationCode, { timeout: 10_000 }).toBe(await code.textContent());
    await page.waitForURL(`${server.baseUrl}/start/success`, { timeout: 20_000 });
    await page.getByText('Contract signed').waitFor();
  });

  it('after a refusal on the phone, tries again with the ID-card and submits', async () => {
    const { page, server } = suite;
    const refuser: ApplicationSubject = {
      company: { businessName: 'Keeldumise OÜ', registryCode: '' },
      person: { personalId: '30403039917', firstName: 'Refused', lastName: 'Testnumber', birthDate: '1904-03-03' },
    };
    await signInForTesting(page, server.baseUrl, refuser.person.personalId);
    await givePersonalInformation(page);
    await fillStepsThroughApi(page, server.baseUrl, refuser, 'AdditionalData', 'overview');
    await answerOverview(page);

    // Not signed in with Smart-ID: the person's phone scans the QR code, and refuses PIN2.
    await signingMethods(page).getByRole('radio', { name: 'Smart-ID' }).check({ force: true });
    await page.getByRole('button', { name: 'Sign the contract' }).click();
    await chooseSigningAccountByQrCode(page, smartIdBaseUrl(), refuser.person.personalId);
    await page.getByRole('heading', { name: 'Signing cancelled' }).waitFor({ timeout: 20_000 });
    await expectNoAxeViolations(page);
    // Try again shows a new code (this demo account refuses every time); another method goes back to the choice.
    await page.getByRole('button', { name: 'Try again' }).click();
    await chooseSigningAccountByQrCode(page, smartIdBaseUrl(), refuser.person.personalId);
    await page.getByRole('heading', { name: 'Signing cancelled' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Choose another method' }).click();

    await signingMethods(page).getByRole('radio', { name: 'ID-card' }).check({ force: true });
    await page.getByRole('button', { name: 'Sign the contract' }).click();
    await page.waitForURL(`${server.baseUrl}/start/success`, { timeout: 20_000 });
    await page.getByText('Contract signed').waitFor();
  });
});
