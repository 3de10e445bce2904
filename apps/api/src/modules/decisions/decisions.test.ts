import { JAAK_KRISTJAN, MARY_ANN, OK_TESTNUMBER, completeSteps, type ApplicationSubject } from '@onboarding/domain/test-support';
import type { Decision, RecordedDecision } from '@onboarding/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents } from '../../db/schema.js';
import { buildTestApp } from '../../test/app.js';
import { applicationFor, saveStep, type TestApplication } from '../../test/application-steps.js';
import { signWithIdCard } from '../../test/id-card-signing.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp-server.js';
import { paymentReferenceOf } from '../mail/payment-reference.js';
import { SECOND_BRAND_DIR } from '../../test/brands/index.js';

/**
 * A bank's decisions on a submitted application, recorded through the service the integration API's route calls,
 * on applications submitted through the real journey (sign-in, five steps, ID-card signature): each decision's
 * status and history, the refusals, the mails at a real SMTP server, and a request for more information that
 * opens exactly the named steps until the contract is signed again.
 */

const PUBLIC_URL = 'https://onboarding.example';
const CLIENT_ID = 'bank-backoffice';

let app: FastifyInstance;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await buildTestApp({
    SMTP_URL: smtp.url,
    MAIL_SEND_INTERVAL_MS: '100',
    BRAND_DIR: SECOND_BRAND_DIR,
    PUBLIC_URL,
    DECISION_MAILS_PER_APPLICATION_PER_HOUR: '5',
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await smtp.close();
});

type View = TestApplication & { status: string; applicationNumber: number; reopenedSteps: string[] | null; steps: Record<string, unknown> };
type Submitted = { call: Call; application: View };

/** The subject's application, filled in (the company's contact language as given) and signed with the ID-card. */
async function submitted(subject: ApplicationSubject, contactLanguage: 'ET' | 'EN' | 'RU', representativeLanguage: 'et' | 'en' | 'ru'): Promise<Submitted> {
  const call = await signInAsRepresentative(app, subject.person.personalId, representativeLanguage);
  let application: TestApplication = await applicationFor(call, subject.company.registryCode);
  for (const [step, data] of completeSteps(subject)) {
    const response = await saveStep(call, application, step, step === 'CompanyData' ? { ...data, contactLanguage } : data);
    expect(response.statusCode, response.body).toBe(200);
    application = response.json() as TestApplication;
  }
  const { outcome } = await signWithIdCard(app, call, application, subject.person.personalId);
  expect(outcome?.state).toBe('SIGNED');
  return { call, application: await view(call, application.processId) };
}

const view = async (call: Call, processId: string): Promise<View> => (await call('GET', `/onboarding/applications/${processId}`)).json() as View;

const record = (application: Pick<View, 'processId' | 'version'>, decision: Decision, hooks?: Parameters<FastifyInstance['decisions']['recordDecision']>[1]) =>
  app.decisions.recordDecision({ processId: application.processId, applicationVersion: application.version, decision, clientId: CLIENT_ID }, hooks);

type HistoryEvent = { type: string; actor: string; source: string; applicationVersion: number; payload: Record<string, unknown> };
/** The application's whole record, as the bank's systems read it (the applicant's download keeps less: DA9). */
const historyOf = async (processId: string): Promise<HistoryEvent[]> => {
  const rows = await app.database.db.select().from(applicationEvents).where(eq(applicationEvents.processId, processId)).orderBy(asc(applicationEvents.id));
  return rows.map((row) => ({
    type: row.type,
    actor: row.actor,
    source: String(row.payload.source ?? ''),
    applicationVersion: row.applicationVersion,
    payload: row.payload,
  }));
};

const mailsAbout = (applicationNumber: number, subjectPart: string): ReceivedMail[] =>
  smtp.received.filter((mail) => mail.text.includes(String(applicationNumber)) && mail.subject.includes(subjectPart));

async function mailAbout(applicationNumber: number, subjectPart: string): Promise<ReceivedMail> {
  await expect.poll(() => mailsAbout(applicationNumber, subjectPart).length, { timeout: 10_000 }).toBeGreaterThan(0);
  return mailsAbout(applicationNumber, subjectPart)[0]!;
}

describe('a submitted application decided step by step (Estonian)', () => {
  let jaak: Submitted;
  const recorded: RecordedDecision[] = [];

  beforeAll(async () => {
    jaak = await submitted(JAAK_KRISTJAN, 'ET', 'et');
    let current: Pick<View, 'processId' | 'version'> = jaak.application;
    const decisions: Decision[] = [
      { type: 'FEE_INVOICED', amountCents: 1_500_000, dueDate: '2026-12-15' },
      { type: 'FEE_PAID' },
      { type: 'IDENTIFICATION_BOOKED', officeId: 'tallinn-1', at: '2026-12-03T07:30:00Z' },
      { type: 'IDENTIFIED' },
      {
        type: 'BOARD_SIGNATURE_REQUESTED',
        recipients: [
          { name: 'Mari Maasikas', email: 'mari@joeorg.ee' },
          { name: 'Jüri <b>Juurikas</b>', email: 'jyri@joeorg.ee' },
        ],
      },
      { type: 'BOARD_SIGNATURE_RECEIVED' },
      { type: 'APPROVED', accountNumber: 'EE382200221020145685' },
    ];
    for (const decision of decisions) {
      const result = await record(current, decision);
      recorded.push(result);
      current = { processId: result.processId, version: result.version };
    }
  }, 120_000);

  it('answers each decision with the status it leads to and the next version', () => {
    expect(recorded.map((result) => result.status)).toEqual(['SUBMITTED', 'SUBMITTED', 'SUBMITTED', 'SUBMITTED', 'SUBMITTED', 'SUBMITTED', 'APPROVED']);
    expect(recorded.map((result) => result.version)).toEqual([1, 2, 3, 4, 5, 6, 7].map((step) => jaak.application.version + step));
    expect(recorded[0]).toMatchObject({ processId: jaak.application.processId, applicationNumber: jaak.application.applicationNumber, reopenedSteps: null });
    expect(Number.isNaN(Date.parse(recorded[0]!.recordedAt))).toBe(false);
  });

  it('keeps each one in the history with source BANK and the bank client as actor', async () => {
    const events = (await historyOf(jaak.application.processId)).filter((event) => event.type === 'DECISION_RECORDED');
    expect(events.map((event) => (event.payload.decision as Decision).type)).toEqual([
      'FEE_INVOICED',
      'FEE_PAID',
      'IDENTIFICATION_BOOKED',
      'IDENTIFIED',
      'BOARD_SIGNATURE_REQUESTED',
      'BOARD_SIGNATURE_RECEIVED',
      'APPROVED',
    ]);
    for (const event of events) expect(event).toMatchObject({ source: 'BANK', actor: `bank:${CLIENT_ID}` });
    expect(events.map((event) => event.applicationVersion)).toEqual(recorded.map((result) => result.version));
    expect((await view(jaak.call, jaak.application.processId)).status).toBe('APPROVED');
  });

  it('refuses any decision after the final one with 409 APPLICATION_DECIDED', async () => {
    const last = recorded.at(-1)!;
    await expect(record(last, { type: 'DECLINED' })).rejects.toMatchObject({ code: 'APPLICATION_DECIDED', statusCode: 409 });
    await expect(record(last, { type: 'FEE_PAID' })).rejects.toMatchObject({ code: 'APPLICATION_DECIDED', statusCode: 409 });
  });

  it('keeps the fee the bank invoiced as the application’s invoice, with no account to pay to and no mail: the bank sends its own', async () => {
    const { applicationNumber } = jaak.application;
    const shown = (await view(jaak.call, jaak.application.processId)) as View & { serviceFeeInvoice: unknown };
    expect(shown.serviceFeeInvoice).toMatchObject({
      amountCents: 1_500_000,
      dueDate: '2026-12-15',
      paymentReference: paymentReferenceOf(applicationNumber),
      payee: null,
    });
    const approval = await mailAbout(applicationNumber, 'konto on avatud');
    // The status page of this application, opened in the mail's language.
    const statusPage = `${PUBLIC_URL}/start/success?processId=${jaak.application.processId}&lang=et`;
    expect(approval.text).toContain(statusPage);
    expect(approval.html).toContain(`href="${statusPage.replaceAll('&', '&amp;')}"`);
    expect(mailsAbout(applicationNumber, 'Arve:')).toEqual([]);
  });

  it('mails the booked visit in Estonian time with the office, its address and opening hours', async () => {
    const mail = await mailAbout(jaak.application.applicationNumber, 'Ootame sind pangakontorisse');
    // 07:30 UTC on 3 December is 9.30 in Tallinn (winter time, UTC+2).
    expect(mail.text).toContain('Aeg: 03.12.2026 kell 9.30');
    expect(mail.text).toContain('Tallinna kesklinna kontor\nNarva mnt 7, 10117 Tallinn\nE–R 9.00–18.00, L 10.00–15.00');
  });

  it('mails to whom the signing link went, the names escaped in the HTML part', async () => {
    const mail = await mailAbout(jaak.application.applicationNumber, 'Lepingu allkirjastamise link on saadetud');
    expect(mail.text).toContain('Mari Maasikas, mari@joeorg.ee\nJüri <b>Juurikas</b>, jyri@joeorg.ee');
    expect(mail.html).toContain('Jüri &lt;b&gt;Juurikas&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>');
  });

  it('mails the approval with the account number in groups of four', async () => {
    const mail = await mailAbout(jaak.application.applicationNumber, 'konto on avatud');
    expect(mail.subject).toBe('Ettevõtte „Jõeorg Konsultatsioonid OÜ“ konto on avatud');
    expect(mail.text).toContain('Konto number: EE38 2200 2210 2014 5685');
  });

  it('mails nothing for the decisions only the bank needs (fee paid, identified, signature received)', async () => {
    await mailAbout(jaak.application.applicationNumber, 'konto on avatud');
    const decisionMails = smtp.received.filter(
      (mail) => mail.text.includes(String(jaak.application.applicationNumber)) && mail.text.includes('/start/success'),
    );
    // The submission's own mail links to the status page as well; then the booked visit, the signing link and the
    // approval (the invoice is the bank's own: no account configured).
    expect(decisionMails).toHaveLength(1 + 3);
  });
});

describe('refusals', () => {
  let mary: Submitted;

  beforeAll(async () => {
    mary = await submitted(MARY_ANN, 'EN', 'en');
  }, 120_000);

  it('refuses a decision on another version with 409 STALE_VERSION and the current version', async () => {
    await expect(record({ ...mary.application, version: mary.application.version - 1 }, { type: 'FEE_PAID' })).rejects.toMatchObject({
      code: 'STALE_VERSION',
      statusCode: 409,
      currentVersion: mary.application.version,
    });
  });

  it('refuses an office the bank does not have with 400, and writes nothing', async () => {
    await expect(record(mary.application, { type: 'IDENTIFICATION_BOOKED', officeId: 'atlantis-1', at: '2026-12-03T09:00:00+02:00' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      statusCode: 400,
      fields: [{ path: 'decision.officeId', code: 'incorrectValue', params: {} }],
    });
    expect((await view(mary.call, mary.application.processId)).version).toBe(mary.application.version);
  });

  it('answers 404 for an unknown application and for one never submitted', async () => {
    await expect(
      app.decisions.recordDecision({
        processId: '00000000-0000-4000-8000-000000000000',
        applicationVersion: 1,
        decision: { type: 'FEE_PAID' },
        clientId: CLIENT_ID,
      }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      statusCode: 404,
    });
    const call = await signInAsRepresentative(app, OK_TESTNUMBER.person.personalId);
    const draft = await applicationFor(call, OK_TESTNUMBER.company.registryCode);
    await expect(record(draft, { type: 'DECLINED' })).rejects.toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });
  });

  it('rolls the decision back when the outbox hook fails, and hands the hook the transaction and the answer', async () => {
    let seen: RecordedDecision | undefined;
    await expect(
      record(
        mary.application,
        { type: 'FEE_PAID' },
        {
          onRecorded: async (tx, recorded) => {
            seen = recorded;
            // The hook writes in the decision's transaction: it sees the new version already.
            const rows = await tx.execute(sql`select version from applications where process_id = ${recorded.processId}`);
            expect((rows as unknown as { rows: { version: number }[] }).rows[0]?.version).toBe(recorded.version);
            throw new Error('outbox unavailable');
          },
        },
      ),
    ).rejects.toThrow('outbox unavailable');
    expect(seen).toMatchObject({
      processId: mary.application.processId,
      status: 'SUBMITTED',
      version: mary.application.version + 1,
      decision: { type: 'FEE_PAID' },
    });
    expect((await view(mary.call, mary.application.processId)).version).toBe(mary.application.version);
    expect((await historyOf(mary.application.processId)).some((event) => event.type === 'DECISION_RECORDED')).toBe(false);
  });

  it('mails at most DECISION_MAILS_PER_APPLICATION_PER_HOUR decisions of one application an hour: beyond it 429, nothing recorded', async () => {
    let current: Pick<View, 'processId' | 'version'> = mary.application;
    const decision: Decision = { type: 'BOARD_SIGNATURE_REQUESTED', recipients: [{ name: 'Mary Änn', email: 'mary@example.ee' }] };
    for (let attempt = 0; attempt < 5; attempt += 1) current = await record(current, decision);
    await expect(record(current, decision)).rejects.toMatchObject({ code: 'RATE_LIMITED', statusCode: 429 });
    expect((await view(mary.call, mary.application.processId)).version).toBe(current.version);
    // Decisions that are not mailed are not limited.
    await expect(record(current, { type: 'BOARD_SIGNATURE_RECEIVED' })).resolves.toMatchObject({ version: current.version + 1 });
    const mail = await mailAbout(mary.application.applicationNumber, 'The signing link has been sent');
    expect(mail.text).toContain('Hello TEST USER,');
    expect(mail.text).toContain('Mary Änn, mary@example.ee');
  });

  it('invoices the fee once: a second FEE_INVOICED, say sent again under a new Idempotency-Key, is refused with 409 FEE_ALREADY_INVOICED', async () => {
    const invoiced = await record(await view(mary.call, mary.application.processId), { type: 'FEE_INVOICED', amountCents: 3500, dueDate: '2026-12-20' });
    await expect(record(invoiced, { type: 'FEE_INVOICED', amountCents: 3500, dueDate: '2026-12-20' })).rejects.toMatchObject({
      code: 'FEE_ALREADY_INVOICED',
      statusCode: 409,
    });
    await expect(record(invoiced, { type: 'FEE_INVOICED', amountCents: 5000, dueDate: '2027-01-10' })).rejects.toMatchObject({ code: 'FEE_ALREADY_INVOICED' });
    const after = (await view(mary.call, mary.application.processId)) as View & { serviceFeeInvoice: unknown };
    expect(after.version).toBe(invoiced.version);
    expect(after.serviceFeeInvoice).toMatchObject({ amountCents: 3500, dueDate: '2026-12-20' });
  });
});

describe('more information needed (Russian)', () => {
  let ok: Submitted;
  let reopened: RecordedDecision;

  beforeAll(async () => {
    ok = await submitted(OK_TESTNUMBER, 'RU', 'ru');
    reopened = await record(ok.application, {
      type: 'MORE_INFORMATION_NEEDED',
      steps: ['RelatedPersons', 'CompanyData'],
      message: 'Уточните, пожалуйста, сферу деятельности.\n<script>alert(1)</script>',
    });
  }, 120_000);

  it('opens exactly the named steps, in step order, and leads to the earliest', async () => {
    expect(reopened).toMatchObject({ status: 'IN_PROGRESS', reopenedSteps: ['CompanyData', 'RelatedPersons'], version: ok.application.version + 1 });
    const application = await view(ok.call, ok.application.processId);
    expect(application).toMatchObject({ status: 'IN_PROGRESS', currentStep: 'CompanyData', reopenedSteps: ['CompanyData', 'RelatedPersons'] });
  });

  it('mails the steps by their screen titles and the manager’s message as escaped plain text, in Russian', async () => {
    const mail = await mailAbout(ok.application.applicationNumber, 'Нам нужна дополнительная информация');
    expect(mail.text).toContain('Здравствуйте, TEST USER!');
    expect(mail.text).toContain('– Данные компании\n– Связанные лица');
    expect(mail.text).toContain('Сообщение клиентского менеджера:\nУточните, пожалуйста, сферу деятельности.\n<script>alert(1)</script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('<html lang="ru"');
  });

  it('refuses every decision but a refusal while the applicant fills in again: 409 APPLICATION_NOT_SUBMITTED', async () => {
    await expect(record(reopened, { type: 'FEE_PAID' })).rejects.toMatchObject({ code: 'APPLICATION_NOT_SUBMITTED', statusCode: 409 });
  });

  it('saves and autosaves only the named steps and the overview; another step answers 409 STEP_NOT_REOPENED', async () => {
    const steps = new Map<string, unknown>(completeSteps(OK_TESTNUMBER));
    let application = await view(ok.call, ok.application.processId);
    const refused = await saveStep(ok.call, application, 'AccountOpeningReason', steps.get('AccountOpeningReason'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'STEP_NOT_REOPENED' });
    const draft = await ok.call('PUT', `/onboarding/applications/${application.processId}/drafts/Incomes`, { version: application.version, data: {} });
    expect(draft.statusCode).toBe(409);
    expect(draft.json()).toMatchObject({ code: 'STEP_NOT_REOPENED' });

    // Not yet signable: the named steps wait to be saved again.
    const review = (await ok.call('GET', `/onboarding/applications/${application.processId}/review`)).json() as {
      isComplete: boolean;
      steps: { step: string; isComplete: boolean; issues: { code: string }[] }[];
    };
    expect(review.isComplete).toBe(false);
    expect(review.steps.filter((step) => !step.isComplete).map((step) => [step.step, step.issues[0]?.code])).toEqual([
      ['CompanyData', 'reopenedByBank'],
      ['RelatedPersons', 'reopenedByBank'],
    ]);

    const companyDraft = await ok.call('PUT', `/onboarding/applications/${application.processId}/drafts/CompanyData`, {
      version: application.version,
      data: { fieldOfActivityDescription: 'Tarkvara' },
    });
    expect(companyDraft.statusCode, companyDraft.body).toBe(200);
    application = await view(ok.call, ok.application.processId);

    const company = await saveStep(ok.call, application, 'CompanyData', {
      ...(steps.get('CompanyData') as object),
      contactLanguage: 'RU',
      fieldOfActivityDescription: 'Tarkvaraarendus',
    });
    expect(company.statusCode, company.body).toBe(200);
    application = company.json() as View;
    expect(application.currentStep).toBe('RelatedPersons');

    const related = await saveStep(ok.call, application, 'RelatedPersons', steps.get('RelatedPersons'));
    expect(related.statusCode, related.body).toBe(200);
    application = related.json() as View;
    expect(application.currentStep).toBe('ApplicationOverview');
    expect(application.reopenedSteps).toEqual(['CompanyData', 'RelatedPersons']);
  });

  it('signs again with the ID-card: submitted anew, reopened steps cleared, both submissions in the history', async () => {
    const { outcome } = await signWithIdCard(app, ok.call, ok.application, OK_TESTNUMBER.person.personalId);
    expect(outcome?.state).toBe('SIGNED');
    const application = await view(ok.call, ok.application.processId);
    expect(application).toMatchObject({ status: 'SUBMITTED', currentStep: 'ApplicationSubmitted', reopenedSteps: null });

    const events = await historyOf(ok.application.processId);
    const submissions = events.filter((event) => event.type === 'APPLICATION_SUBMITTED');
    expect(submissions).toHaveLength(2);
    expect(submissions[0]?.payload.resubmission).toBeUndefined();
    expect(submissions[1]?.payload).toMatchObject({ resubmission: true, reopenedSteps: ['CompanyData', 'RelatedPersons'] });
    expect(submissions[1]?.payload.contractId).not.toBe(submissions[0]?.payload.contractId);
    const types = events.map((event) => event.type);
    expect(types.indexOf('DECISION_RECORDED')).toBeGreaterThan(types.indexOf('APPLICATION_SUBMITTED'));
    expect(types.lastIndexOf('APPLICATION_SUBMITTED')).toBeGreaterThan(types.indexOf('DECISION_RECORDED'));

    // Submitted again, the bank may decide on it again.
    const declined = await record(application, { type: 'DECLINED' });
    expect(declined).toMatchObject({ status: 'DECLINED', reopenedSteps: null });
    const mail = await mailAbout(ok.application.applicationNumber, 'Решение по заявлению');
    expect(mail.text).toContain('К сожалению, мы не можем открыть счёт для компании «Näidis Tehnoloogia OÜ».');
    expect(mail.text).toContain(`${PUBLIC_URL}/start/success?processId=${ok.application.processId}&lang=ru`);
  });

  it('keeps the company blocked for a new application while it is reopened and once decided', async () => {
    const companies = (await ok.call('GET', '/onboarding/representative/companies')).json() as {
      companies: { registryCode: string; entry: string; outcome?: string }[];
    };
    expect(companies.companies.find((company) => company.registryCode === OK_TESTNUMBER.company.registryCode)).toMatchObject({
      entry: 'BLOCKED',
      outcome: 'ALREADY_SUBMITTED',
    });
  });
});
