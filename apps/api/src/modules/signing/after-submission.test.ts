import { OK_TESTNUMBER } from '@onboarding/domain/test-support';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { applicationFor, fillSteps } from '../../test/application-steps.js';
import { signInWithSmartIdAsRepresentative, type Call } from '../../test/representative.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp-server.js';
import { paymentReferenceOf } from '../mail/payment-reference.js';

/**
 * What a submission promises, kept (docs/requirements.md section 4): the
 * service fee invoice the success page and the submission mail announce "in a
 * separate e-mail" arrives over SMTP with the application's number and payment
 * reference; the submission mail carries the signed container, the very
 * bytes the download gives; and the signed contract the mail also offers
 * "after signing in" is reachable from the company choice.
 */

let app: FastifyInstance;
let smtp: TestSmtpServer;
let call: Call;
let submitted: { processId: string; followUp: string; applicationNumber: number };

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await buildTestApp({ SMTP_URL: smtp.url, MAIL_SEND_INTERVAL_MS: '100', BANK_NAME: 'Näidispank AS' });
  await app.ready();

  // Signed in with Smart-ID, so signing asks that device: no QR code to scan.
  call = await signInWithSmartIdAsRepresentative(app, OK_TESTNUMBER.person.personalId);
  const application = await fillSteps(call, await applicationFor(call, OK_TESTNUMBER.company.registryCode), undefined, OK_TESTNUMBER);
  const started = await call('POST', `/onboarding/applications/${application.processId}/signing`, { method: 'SMART_ID' });
  expect(started.statusCode, started.body).toBe(200);
  const { signingSessionId } = started.json() as { signingSessionId: string };
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const status = (await call('GET', `/onboarding/applications/${application.processId}/signing/${signingSessionId}`)).json() as { state: string };
    if (status.state !== 'WAITING_FOR_PIN2') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  submitted = (await call('GET', `/onboarding/applications/${application.processId}`)).json() as typeof submitted;
});

afterAll(async () => {
  await app.close();
  await smtp.close();
});

describe('the service fee invoice', () => {
  it('is mailed with the submission when the follow-up is the service fee, both naming the application number', async () => {
    expect(submitted.followUp).toBe('PAY_SERVICE_FEE');
    expect(Number.isInteger(submitted.applicationNumber)).toBe(true);
    const number = String(submitted.applicationNumber);
    const reference = paymentReferenceOf(submitted.applicationNumber);

    await expect.poll(() => smtp.received.filter((mail) => mail.text.includes(number)).length, { timeout: 10_000 }).toBe(2);
    const invoice = smtp.received.find((mail) => mail.subject.startsWith('Arve:'));
    expect(invoice?.subject).toBe(`Arve: konto avamise teenustasu, taotlus ${number}`);
    expect(invoice?.text).toContain(`Taotluse number: ${number}`);
    expect(invoice?.text).toContain(`Viitenumber: ${reference}`);
    expect(invoice?.text).toContain('Saaja: Näidispank AS');
    expect(invoice?.text).toContain('Summa: panga hinnakirja järgi');
    const submission = smtp.received.find((mail) => mail !== invoice && mail.text.includes(number));
    expect(submission?.text).toContain(`Taotluse number: ${number}`);
    expect(submission?.text).toContain('eraldi e-kirjaga arve');
    expect(invoice?.envelopeTo).toEqual(submission?.envelopeTo);
  });
});

describe('the signed container', () => {
  it('comes with the submission mail over SMTP as its one attachment, byte for byte the download', async () => {
    const isSubmission = (mail: ReceivedMail) => mail.subject.endsWith('konto avamise taotlus on esitatud');
    await expect.poll(() => smtp.received.some(isSubmission), { timeout: 10_000 }).toBe(true);
    const submission = smtp.received.find(isSubmission);
    const download = await call('GET', `/onboarding/applications/${submitted.processId}/contract/signed`);
    expect(download.statusCode).toBe(200);

    expect(submission?.attachments).toHaveLength(1);
    const [attachment] = submission?.attachments ?? [];
    expect(attachment?.filename).toBe(`contract-${submitted.processId}.asice`);
    expect(attachment?.contentType).toBe('application/vnd.etsi.asic-e+zip');
    expect(attachment?.content.equals(download.rawPayload)).toBe(true);
    expect(submission?.text).toContain('manuses allkirjastatud konteinerina (.asice)');
    // The invoice is about the fee, not the contract.
    expect(smtp.received.find((mail) => mail.subject.startsWith('Arve:'))?.attachments).toEqual([]);
  });
});

describe('the company choice after submission', () => {
  it('names the own submitted application, so its signed contract can be downloaded', async () => {
    const companies = (await call('GET', '/onboarding/representative/companies')).json() as {
      companies: { registryCode: string; entry: string; outcome?: string; processId?: string }[];
    };
    const company = companies.companies.find((candidate) => candidate.registryCode === OK_TESTNUMBER.company.registryCode);
    expect(company).toMatchObject({ entry: 'BLOCKED', outcome: 'ALREADY_SUBMITTED', processId: submitted.processId });
    const contract = await call('GET', `/onboarding/applications/${company?.processId}/contract`);
    expect(contract.statusCode).toBe(200);
    expect(contract.headers['content-type']).toBe('application/pdf');
  });
});
