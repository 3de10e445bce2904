import { MARY_ANN, OK_TESTNUMBER, completeCompanyData } from '@onboarding/domain/test-support';
import { todayInEstonia, type ServiceFeeInvoice } from '@onboarding/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema.js';
import { buildTestApp } from '../../test/app.js';
import { applicationFor, fillSteps, saveStep, type TestApplication } from '../../test/application-steps.js';
import { signWithIdCard } from '../../test/id-card-signing.js';
import { signInAsRepresentative, signInWithSmartIdAsRepresentative, type Call } from '../../test/representative.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp-server.js';
import { paymentReferenceOf } from '../mail/payment-reference.js';
import { SECOND_BRAND_DIR } from '../../test/brands/index.js';

/**
 * What a submission promises, kept (docs/requirements.md section 4): with the
 * price and the account configured, the service fee invoice the submission
 * mail announces "in a separate e-mail" arrives over SMTP with all a payment
 * needs, once per application, and the bank's systems cannot invoice the fee
 * a second time; without them, no invoice is promised or sent. The submission
 * mail carries the signed container, the very bytes the download gives; and
 * the signed contract the mail also offers "after signing in" is reachable
 * from the company choice.
 */

const IBAN = 'EE382200221020145685';
const NBSP = '\u00a0';

let app: FastifyInstance;
let smtp: TestSmtpServer;
let call: Call;
let submitted: { processId: string; followUp: string; applicationNumber: number; version: number; serviceFeeInvoice: ServiceFeeInvoice | null };

/** A day some days after today in Estonia, as the Estonian mail writes it. */
function estonianDateInDays(days: number): string {
  const date = new Date(`${todayInEstonia()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10).split('-').reverse().join('.');
}

const isInvoice = (mail: ReceivedMail) => mail.subject.startsWith('Arve:') || mail.subject.startsWith('Invoice:');
const invoicesAbout = (applicationNumber: number) => smtp.received.filter((mail) => isInvoice(mail) && mail.text.includes(String(applicationNumber)));

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await buildTestApp({
    SMTP_URL: smtp.url,
    MAIL_SEND_INTERVAL_MS: '100',
    BRAND_DIR: SECOND_BRAND_DIR,
    SERVICE_FEE_EUR: '35',
    SERVICE_FEE_IBAN: 'EE38 2200 2210 2014 5685',
  });
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
}, 120_000);

afterAll(async () => {
  await app.close();
  await smtp.close();
});

describe('the service fee invoice, with the price and the account configured', () => {
  it('is mailed with the submission when the follow-up is the service fee: amount, due date, payee, account and reference', async () => {
    expect(submitted.followUp).toBe('PAY_SERVICE_FEE');
    expect(Number.isInteger(submitted.applicationNumber)).toBe(true);
    const number = String(submitted.applicationNumber);
    const reference = paymentReferenceOf(submitted.applicationNumber);

    await expect.poll(() => smtp.received.filter((mail) => mail.text.includes(number)).length, { timeout: 10_000 }).toBe(2);
    const [invoice, ...others] = invoicesAbout(submitted.applicationNumber);
    expect(others).toEqual([]);
    expect(invoice?.subject).toBe(`Arve: konto avamise teenustasu 35,00${NBSP}€, taotlus ${number}`);
    for (const line of [
      `Taotluse number: ${number}`,
      `Summa: 35,00${NBSP}€`,
      `Maksetähtaeg: ${estonianDateInDays(14)}`,
      'Saaja: Näidispank AS',
      'Saaja konto: EE38 2200 2210 2014 5685',
      `Viitenumber: ${reference}`,
    ]) {
      expect(invoice?.text).toContain(`${line}\n`);
    }
    const submission = smtp.received.find((mail) => mail !== invoice && mail.text.includes(number));
    expect(submission?.text).toContain(`Taotluse number: ${number}`);
    expect(submission?.text).toContain('Saadame sulle eraldi e-kirjaga arve');
    expect(invoice?.envelopeTo).toEqual(submission?.envelopeTo);
  });

  it('is the application’s one invoice, shown to the applicant with the account to pay to', () => {
    expect(submitted.serviceFeeInvoice).toEqual({
      amountCents: 3500,
      dueDate: estonianDateInDays(14).split('.').reverse().join('-'),
      paymentReference: paymentReferenceOf(submitted.applicationNumber),
      payee: { name: 'Näidispank AS', iban: IBAN },
      issuedAt: expect.any(String),
    });
  });

  it('cannot be issued again by the bank: a FEE_INVOICED is refused with 409 FEE_ALREADY_INVOICED and mails nothing', async () => {
    await expect(
      app.decisions.recordDecision({
        processId: submitted.processId,
        applicationVersion: submitted.version,
        decision: { type: 'FEE_INVOICED', amountCents: 3500, dueDate: '2030-12-31' },
        clientId: 'bank-backoffice',
      }),
    ).rejects.toMatchObject({ code: 'FEE_ALREADY_INVOICED', statusCode: 409 });
    const after = (await call('GET', `/onboarding/applications/${submitted.processId}`)).json() as typeof submitted;
    expect(after.version).toBe(submitted.version);
    expect(after.serviceFeeInvoice).toEqual(submitted.serviceFeeInvoice);
    expect(invoicesAbout(submitted.applicationNumber)).toHaveLength(1);
  });
});

describe('a fee the bank invoices, with the account configured', () => {
  it('is mailed as the same invoice, to the configured account, once', async () => {
    const mary = await signInAsRepresentative(app, MARY_ANN.person.personalId, 'en');
    const application = await fillSteps(mary, await applicationFor(mary, MARY_ANN.company.registryCode), undefined, MARY_ANN);
    const { outcome } = await signWithIdCard(app, mary, application, MARY_ANN.person.personalId);
    expect(outcome?.state).toBe('SIGNED');
    const view = (await mary('GET', `/onboarding/applications/${application.processId}`)).json() as typeof submitted;
    // Not the fee at submission: nothing was invoiced with it.
    expect(view.followUp).not.toBe('PAY_SERVICE_FEE');
    expect(view.serviceFeeInvoice).toBeNull();

    const decision = { type: 'FEE_INVOICED', amountCents: 15_050, dueDate: '2030-12-31' } as const;
    const recorded = await app.decisions.recordDecision({ processId: view.processId, applicationVersion: view.version, decision, clientId: 'bank-backoffice' });
    await expect.poll(() => invoicesAbout(view.applicationNumber).length, { timeout: 10_000 }).toBe(1);
    const [invoice] = invoicesAbout(view.applicationNumber);
    expect(invoice?.subject).toBe(`Arve: konto avamise teenustasu 150,50${NBSP}€, taotlus ${view.applicationNumber}`);
    expect(invoice?.text).toContain('Saaja konto: EE38 2200 2210 2014 5685\n');
    expect(invoice?.text).toContain('Maksetähtaeg: 31.12.2030\n');
    expect(invoice?.text).toContain(`Viitenumber: ${paymentReferenceOf(view.applicationNumber)}\n`);

    await expect(
      app.decisions.recordDecision({ processId: view.processId, applicationVersion: recorded.version, decision, clientId: 'bank-backoffice' }),
    ).rejects.toMatchObject({ code: 'FEE_ALREADY_INVOICED', statusCode: 409 });
    const shown = (await mary('GET', `/onboarding/applications/${application.processId}/timeline`)).json() as { serviceFeeInvoice: ServiceFeeInvoice };
    expect(shown.serviceFeeInvoice).toMatchObject({ amountCents: 15_050, dueDate: '2030-12-31', payee: { name: 'Näidispank AS', iban: IBAN } });
  }, 120_000);
});

describe('the service fee, with no price and account configured', () => {
  let plain: FastifyInstance;
  let plainSmtp: TestSmtpServer;

  beforeAll(async () => {
    plainSmtp = await startSmtpServer();
    plain = await buildTestApp({ SMTP_URL: plainSmtp.url, MAIL_SEND_INTERVAL_MS: '100' });
    await plain.ready();
  });

  afterAll(async () => {
    await plain.close();
    await plainSmtp.close();
  });

  it('is left to the bank: no invoice mail, the submission mail says the bank sends it, and its FEE_INVOICED is kept but not mailed', async () => {
    const representative = await signInAsRepresentative(plain, OK_TESTNUMBER.person.personalId, 'et');
    const application = await fillSteps(representative, await applicationFor(representative, OK_TESTNUMBER.company.registryCode), undefined, OK_TESTNUMBER);
    const { outcome } = await signWithIdCard(plain, representative, application, OK_TESTNUMBER.person.personalId);
    expect(outcome?.application?.followUp).toBe('PAY_SERVICE_FEE');
    const view = (await representative('GET', `/onboarding/applications/${application.processId}`)).json() as typeof submitted;
    const number = String(view.applicationNumber);

    await expect.poll(() => plainSmtp.received.filter((mail) => mail.text.includes(number)).length, { timeout: 10_000 }).toBe(1);
    const submission = plainSmtp.received.find((mail) => mail.text.includes(number));
    expect(submission?.text).toContain('Pank saadab sulle arve konto avamise teenustasu kohta.');
    expect(submission?.text).not.toContain('eraldi e-kirjaga arve');
    expect(view.serviceFeeInvoice).toBeNull();

    const decision = { type: 'FEE_INVOICED', amountCents: 3500, dueDate: '2030-12-31' } as const;
    const recorded = await plain.decisions.recordDecision({
      processId: view.processId,
      applicationVersion: view.version,
      decision,
      clientId: 'bank-backoffice',
    });
    const invoiced = (await representative('GET', `/onboarding/applications/${application.processId}`)).json() as typeof submitted;
    expect(invoiced.serviceFeeInvoice).toMatchObject({
      amountCents: 3500,
      dueDate: '2030-12-31',
      payee: null,
      paymentReference: paymentReferenceOf(view.applicationNumber),
    });
    await expect(
      plain.decisions.recordDecision({ processId: view.processId, applicationVersion: recorded.version, decision, clientId: 'bank-backoffice' }),
    ).rejects.toMatchObject({ code: 'FEE_ALREADY_INVOICED', statusCode: 409 });
    // Nothing waits in the outbox either: no invoice was ever enqueued.
    const templates = (await plain.database.db.select({ template: mailOutbox.template, processId: mailOutbox.processId }).from(mailOutbox))
      .filter((row) => row.processId === view.processId)
      .map((row) => row.template);
    expect(templates).toEqual(['APPLICATION_SUBMITTED']);
  }, 120_000);
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

describe('a resubmission after the bank asked for more information', () => {
  it('keeps the invoice issued: none is mailed again, and the submission mail says it was sent before', async () => {
    const reopened = await app.decisions.recordDecision({
      processId: submitted.processId,
      applicationVersion: submitted.version,
      decision: { type: 'MORE_INFORMATION_NEEDED', steps: ['CompanyData'], message: 'Palun kontrolli telefoninumbrit.' },
      clientId: 'bank-backoffice',
    });
    const application = (await call('GET', `/onboarding/applications/${submitted.processId}`)).json() as TestApplication;
    const saved = await saveStep(call, { ...application, version: reopened.version }, 'CompanyData', completeCompanyData(OK_TESTNUMBER));
    expect(saved.statusCode, saved.body).toBe(200);
    const before = smtp.received.length;
    const { outcome } = await signWithIdCard(app, call, application, OK_TESTNUMBER.person.personalId);
    expect(outcome?.state).toBe('SIGNED');

    const isResubmissionMail = (mail: ReceivedMail) => mail.subject.endsWith('konto avamise taotlus on esitatud');
    await expect.poll(() => smtp.received.slice(before).filter(isResubmissionMail).length, { timeout: 10_000 }).toBe(1);
    const resubmission = smtp.received.slice(before).find(isResubmissionMail);
    expect(resubmission?.text).toContain('Arve konto avamise teenustasu kohta saatsime sulle varem, see kehtib edasi.');
    expect(invoicesAbout(submitted.applicationNumber)).toHaveLength(1);
    const after = (await call('GET', `/onboarding/applications/${submitted.processId}`)).json() as typeof submitted;
    expect(after.serviceFeeInvoice).toEqual(submitted.serviceFeeInvoice);
  }, 120_000);
});
