import { readFile } from 'node:fs/promises';
import { JOINT_BOARD_MEMBER } from '@onboarding/domain/test-support';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyContainer } from '../../apps/api/src/modules/signing/container/verify-container.js';
import { startSmtpServer } from '../../apps/api/src/test/smtp-server.js';
import { verifyWithXmlsec1 } from '../../apps/api/src/test/xml-tools.js';
import { completeRegisterPersons, fillStepsThroughApi } from './support/api.js';
import { answerOverview, givePersonalInformation, openInvitationAs } from './support/journey.js';
import { newPage, signInForTesting } from './support/pages.js';
import { inEveryLanguageAndWidth } from './support/screens.js';
import { useBrowserSuite } from './support/suite.js';

/**
 * Co-signatures in Chromium (decision 39): a company its two board members represent jointly. The applicant signs,
 * invites the other member from the status page; the member opens the mailed link (a real SMTP server) in a browser
 * of their own, on a phone, signs in as themselves with Smart-ID, corrects their own details, reads and signs with
 * Smart-ID PIN2; the applicant's status page
 * then shows both signatures, and the downloaded container holds both.
 */

const smtp = await startSmtpServer();
const suite = useBrowserSuite({ SMTP_URL: smtp.url, MAIL_SEND_INTERVAL_MS: '200' });
afterAll(() => smtp.close());

const KATRIN = '47103220312';
const SCREENSHOTS = process.env.CO_SIGNING_SCREENSHOTS;
const phoneScreen = (personalId: string) => suite.server.app.identitySimulators?.phoneScreen(personalId);

const signingMethods = (page: Page) => page.getByRole('group', { name: 'Signing method' }).or(page.getByRole('radiogroup', { name: 'Signing method' }));

// Two people's journeys, each screen checked in three languages at two widths: on a busy machine more than the
// minute one person's journey is given.
const TWO_PEOPLE_TIMEOUT_MS = 180_000;

describe('co-signatures in Chromium', { timeout: TWO_PEOPLE_TIMEOUT_MS }, () => {
  it('the applicant signs and invites; the board member signs through the mailed link; one container holds both', async () => {
    const { page, server, browser } = suite;
    await signInForTesting(page, server.baseUrl, JOINT_BOARD_MEMBER.person.personalId);
    await givePersonalInformation(page, 'applicant@example.ee');
    // The register's related persons, Katrin Ilves among them, completed as the applicant would.
    await fillStepsThroughApi(page, server.baseUrl, JOINT_BOARD_MEMBER, 'AdditionalData', 'overview', { relatedPersons: completeRegisterPersons });
    await answerOverview(page);
    await signingMethods(page).getByRole('radio', { name: 'ID-card' }).check({ force: true });
    await page.getByRole('button', { name: 'Sign the contract' }).click();

    await page.waitForURL(`${server.baseUrl}/start/success`, { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'Waiting for the other signatures' }).waitFor();
    const katrinItem = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Katrin Ilves' }) });
    await katrinItem.getByText('Not invited yet').waitFor();
    await inEveryLanguageAndWidth(page, SCREENSHOTS, 'status-waiting');

    // A wrong address is refused on the field, before anything is sent.
    await katrinItem.getByLabel('E-mail address of Katrin Ilves').fill('katrin@');
    await katrinItem.getByRole('button', { name: 'Send the invitation' }).click();
    await katrinItem
      .getByText(/e-mail address/i)
      .first()
      .waitFor();
    await katrinItem.getByLabel('E-mail address of Katrin Ilves').fill('katrin@example.ee');
    await katrinItem.getByLabel('Language of the e-mail').selectOption('et');
    await katrinItem.getByRole('button', { name: 'Send the invitation' }).click();
    await katrinItem.getByText('The invitation was sent to katrin@example.ee.').waitFor();
    await katrinItem.getByText('Invited', { exact: true }).waitFor();
    await inEveryLanguageAndWidth(page, SCREENSHOTS, 'status-invited');

    await expect.poll(() => smtp.received.find((mail) => mail.envelopeTo.includes('katrin@example.ee')), { timeout: 15_000 }).toBeDefined();
    const mail = smtp.received.find((message) => message.envelopeTo.includes('katrin@example.ee'));
    expect(mail?.subject).toBe('Palun allkirjasta ettevõtte konto leping');
    const link = /https?:\/\/\S+\/start\/invitation\/[\w-]{43}/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    // The link leads to this server, wherever the mail says the bank is.
    const path = new URL(link ?? '').pathname;

    // The board member, on a phone of their own: the link needs their sign-in first, then opens the invitation.
    const phone = await newPage(browser, 360);
    await openInvitationAs(phone, server.baseUrl, path, KATRIN);
    await phone.getByRole('heading', { level: 1, name: 'Please sign the contract' }).waitFor();
    await phone.getByText(/OK TESTNUMBER has signed the contract to open a business account for Kaheallkirja Ehitus OÜ/).waitFor();
    // Her details as the applicant entered them, to check before signing.
    const details = phone.getByRole('region', { name: 'Your details in the application' });
    await details.getByText('Management board member').waitFor();
    await details.getByText(`Estonia, TIN ${KATRIN}`).waitFor();
    await inEveryLanguageAndWidth(phone, SCREENSHOTS, 'invitation');

    // She pays tax in Finland too: she corrects her details in her own words before signing (decision 40).
    await details.getByRole('button', { name: 'Correct my details' }).click();
    const form = details.getByRole('form', { name: 'Your details in your own words' });
    await form.getByRole('button', { name: 'Add a tax residence' }).click();
    const second = form.getByRole('group', { name: 'Tax residence 2' });
    await second.getByRole('combobox', { name: 'Country of tax residence' }).fill('Finland');
    await phone.getByRole('option', { name: 'Finland' }).click();
    await inEveryLanguageAndWidth(phone, SCREENSHOTS, 'invitation-own-details');
    // Saved without a TIN, the row says what is missing and takes the focus.
    await form.getByRole('button', { name: 'Save my details' }).click();
    await expect.poll(() => phone.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    await second.getByLabel('Tax identification number (TIN)').fill('220371-123A');
    await form.getByRole('button', { name: 'Save my details' }).click();
    await details.getByText('Your details are saved.').waitFor();
    await details.getByText('Finland, TIN 220371-123A').waitFor();
    await details.getByText(/You gave these details yourself on/).waitFor();

    // The contract to read opens in a new tab of the browser, as the PDF itself.
    const reading = phone.waitForEvent('popup');
    await phone.getByRole('button', { name: 'Read the contract (PDF) (opens in a new tab)' }).click();
    const tab = await reading;
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();

    // Signed in with Smart-ID, she signs with Smart-ID PIN2 on the same device.
    await signingMethods(phone).getByRole('radio', { name: 'Smart-ID' }).check({ force: true });
    await phone.getByRole('button', { name: 'Sign the contract' }).click();
    await phone.getByRole('heading', { level: 1, name: 'You signed the contract' }).waitFor({ timeout: 20_000 });
    expect(phoneScreen(KATRIN)?.pin).toBe('PIN2');
    await inEveryLanguageAndWidth(phone, SCREENSHOTS, 'invitation-signed');
    await phone.context().close();

    // The applicant's status page: submitted, with the board member's signature beside their own.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Application submitted' }).waitFor({ timeout: 20_000 });
    const signedItem = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Katrin Ilves' }) });
    await signedItem.getByText('Signed', { exact: true }).waitFor();
    await inEveryLanguageAndWidth(page, SCREENSHOTS, 'status-submitted');

    const containerDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the signed container (ASiC-E)' }).click();
    const container = await readFile((await (await containerDownload).path()) ?? '');
    const simulators = server.app.identitySimulators;
    // The applicant's ID-card signature and the board member's Smart-ID signature, each under its own issuer.
    const trustAnchors = [...(simulators?.idCardTrustAnchors ?? []), ...(simulators?.smartIdTrustAnchors ?? [])];
    const report = await verifyContainer(container, { trustAnchors, timestampTrustAnchors: simulators?.tsaTrustAnchors ?? [] });
    expect(report.checks.filter((check) => !check.ok)).toEqual([]);
    expect(report.signatures.map(({ signer }) => signer.personalId)).toEqual([JOINT_BOARD_MEMBER.person.personalId, KATRIN]);
    const xmlsec = await verifyWithXmlsec1(container, trustAnchors.join('\n'));
    expect(xmlsec.ok, xmlsec.output).toBe(true);
  });
});
