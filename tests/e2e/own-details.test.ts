import { JOINT_BOARD_MEMBER } from '@onboarding/domain/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../apps/api/src/test/smtp-server.js';
import { completeRegisterPersons, fillStepsThroughApi, readApplication } from './support/api.js';
import { answerOverview, givePersonalInformation, openInvitationAs } from './support/journey.js';
import { newPage, signInForTesting } from './support/pages.js';
import { inEveryLanguageAndWidth } from './support/screens.js';
import { useBrowserSuite } from './support/suite.js';

/**
 * A related person completes their own details by link, in Chromium (decision 40): the applicant asks the other
 * board member from her card on the related persons step; signing waits; she opens the mailed link (a real SMTP
 * server) on a phone, signs in with Smart-ID as herself and gives her details in a form of only her fields; her answer
 * is in the application and signing goes on.
 */

const smtp = await startSmtpServer();
const suite = useBrowserSuite({ SMTP_URL: smtp.url, MAIL_SEND_INTERVAL_MS: '200' });
afterAll(() => smtp.close());

const KATRIN = '47103220312';
const SCREENSHOTS = process.env.OWN_DETAILS_SCREENSHOTS;

// Two people's journeys, each screen checked in three languages at two widths: on a busy machine more than the
// minute one person's journey is given.
const TWO_PEOPLE_TIMEOUT_MS = 180_000;

describe('a related person’s own details by link, in Chromium', { timeout: TWO_PEOPLE_TIMEOUT_MS }, () => {
  it('the applicant asks from the person’s card; she answers as herself; signing waits until she has', async () => {
    const { page, server, browser } = suite;
    await signInForTesting(page, server.baseUrl, JOINT_BOARD_MEMBER.person.personalId);
    await givePersonalInformation(page, 'applicant@example.ee');
    await fillStepsThroughApi(page, server.baseUrl, JOINT_BOARD_MEMBER, 'AdditionalData', 'related-persons', { relatedPersons: completeRegisterPersons });

    const card = page.getByRole('article', { name: 'Katrin Ilves' });
    await card.getByRole('button', { name: 'Ask Katrin Ilves for their own details' }).click();
    await card.getByLabel('E-mail address of Katrin Ilves').fill('katrin@example.ee');
    await card.getByLabel('Language of the e-mail').selectOption('en');
    await card.getByRole('button', { name: 'Send the request' }).click();
    await card.getByText('The request was sent to katrin@example.ee.').waitFor();
    await card.getByText('Asked', { exact: true }).waitFor();
    await inEveryLanguageAndWidth(page, SCREENSHOTS, 'related-persons-asked');

    // Signing waits for her answer.
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await answerOverview(page, 'Waiting for Katrin Ilves to give their own details');
    await inEveryLanguageAndWidth(page, SCREENSHOTS, 'overview-waiting');

    await expect.poll(() => smtp.received.find((mail) => mail.envelopeTo.includes('katrin@example.ee')), { timeout: 15_000 }).toBeDefined();
    const mail = smtp.received.find((message) => message.envelopeTo.includes('katrin@example.ee'));
    expect(mail?.subject).toBe('Please give your details for a business account application');
    const path = new URL(/https?:\/\/\S+\/start\/invitation\/[\w-]{43}/.exec(mail?.text ?? '')?.[0] ?? '').pathname;

    // She opens the link on a phone of her own and signs in with Smart-ID as herself.
    const phone = await newPage(browser, 360);
    await openInvitationAs(phone, server.baseUrl, path, KATRIN);
    await phone.getByRole('heading', { level: 1, name: 'Please give your details' }).waitFor();
    // Only her own fields, starting from what the applicant entered; nothing to sign here.
    const form = phone.getByRole('form', { name: 'Your details in your own words' });
    await form.getByRole('group', { name: 'Residency' }).getByRole('radio', { name: 'Non-resident' }).check({ force: true });
    await expect.poll(() => phone.getByRole('button', { name: 'Sign the contract' }).count()).toBe(0);
    await inEveryLanguageAndWidth(phone, SCREENSHOTS, 'own-details-form');
    await form.getByRole('button', { name: 'Save my details' }).click();
    await phone.getByRole('heading', { level: 1, name: 'You gave your details' }).waitFor();
    await phone.getByText('Non-resident').waitFor();
    await inEveryLanguageAndWidth(phone, SCREENSHOTS, 'own-details-given');
    await phone.context().close();

    // Her words are in the application; signing goes on, and her card says she answered.
    const application = await readApplication(page);
    const relatedPersons = (application.steps.RelatedPersons as { relatedPersons: { personalId?: string; residency?: string }[] }).relatedPersons;
    expect(relatedPersons.find((person) => person.personalId === KATRIN)?.residency).toBe('NON_RESIDENT');
    await page.reload();
    // Her answer counts at once: a non-resident owner is a notice of the overview now.
    await page.getByText('An owner is not resident in Estonia').waitFor();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign the contract' }).waitFor({ timeout: 20_000 });
    await page.goto(`${server.baseUrl}/start/application/related-persons?lang=en`);
    await page
      .getByRole('article', { name: 'Katrin Ilves' })
      .getByText(/Gave their own details on/)
      .waitFor();
  });
});
