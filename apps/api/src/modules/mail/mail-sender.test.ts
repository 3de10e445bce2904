import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database.js';
import { mailOutbox } from '../../db/schema.js';
import { createTestDatabase } from '../../test/database.js';
import { decodeWords, startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { createMailModule, type MailAttachment, type MailLogger, type MailModule, type MailModuleConfig, type OutboxPolicy } from './index.js';
import { createMailSender, type MailSenderOptions, type OutgoingMail } from './mail-sender.js';
import { defaultOutboxPolicy, type OutboxRow } from './outbox-repository.js';
import { DEFAULT_BRAND_DIR, loadBrand } from '../../brand/index.js';

const silentLogger: MailLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

let database: Database & { drop: () => Promise<void> };
let smtp: TestSmtpServer;
const modules: MailModule[] = [];

function mailModule(options: { smtpUrl?: string | undefined; logger?: MailLogger; outboxPolicy?: Partial<OutboxPolicy>; intervalMs?: number } = {}) {
  const config: MailModuleConfig = {
    SMTP_URL: 'smtpUrl' in options ? options.smtpUrl : smtp.url,
    MAIL_FROM: 'Ettevõtte konto avamine <noreply@pank.ee>',
    MAIL_SEND_INTERVAL_MS: options.intervalMs ?? 60_000,
    PUBLIC_URL: 'http://localhost:3000',
    brand: loadBrand(DEFAULT_BRAND_DIR),
    // These tests enqueue many mails for one application; send-limits.test.ts proves the limits.
    SAVE_AND_CONTINUE_MAILS_PER_APPLICATION_PER_HOUR: 1000,
    SAVE_AND_CONTINUE_MAILS_PER_ADDRESS_PER_DAY: 10_000,
    SAVE_AND_CONTINUE_MAILS_PER_PERSON_PER_DAY: 10_000,
    EMAIL_CONFIRMATION_CODES_PER_PERSON_PER_DAY: 10_000,
    DECISION_MAILS_PER_APPLICATION_PER_HOUR: 5,
    CO_SIGNING_INVITATIONS_PER_PERSON_PER_DAY: 10,
  };
  const mail = createMailModule({ config, db: database.db, logger: options.logger ?? silentLogger, outboxPolicy: options.outboxPolicy });
  modules.push(mail);
  return mail;
}

const processId = '5f0c6a8e-1b2c-4d3e-8f90-a1b2c3d4e5f6';
/** The save-and-continue-later link of a mail in `language`: the application, in the mail's language (decision 45). */
const linkIn = (language: 'et' | 'en' | 'ru') => `http://localhost:3000/start/application?processId=${processId}&lang=${language}`;

const saveAndContinueLater = (to: string, language: 'et' | 'en' | 'ru' = 'en') => ({
  to,
  language,
  personKey: 'EE:48001010007',
  params: { representativeName: 'Mari Maasikas', businessName: 'Näidis OÜ', companySource: 'REGISTER' as const, processId, applicationNumber: 100042 },
});

const submittedMailFor = (to: string) => ({
  to,
  language: 'en' as const,
  processId,
  signingSessionId: '9b7c2f3e-52a4-4c1e-8d0f-3a6b1c2d4e5f',
  params: {
    representativeName: 'Mari Maasikas',
    businessName: 'Näidis OÜ',
    companySource: 'REGISTER' as const,
    applicationNumber: 100042,
    followUp: 'MANAGER_CONTACT' as const,
    feeInvoice: 'FROM_THE_BANK' as const,
  },
});

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(10);
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp.close();
  await database.drop();
});

beforeEach(async () => {
  await database.db.delete(mailOutbox);
  smtp.received.length = 0;
  smtp.rejected.clear();
  smtp.dataDelayMs = 0;
  smtp.dataStarted = 0;
});

afterEach(async () => {
  await Promise.all(modules.splice(0).map((mail) => mail.sender.stop()));
});

describe('sending over SMTP', () => {
  it.each([
    ['en', 'Your business account application has been saved', 'Hello Mari Maasikas,'],
    ['et', 'Sinu ettevõtte konto avamise taotlus on salvestatud', 'Tere, Mari Maasikas!'],
    ['ru', 'Ваше заявление на открытие счёта компании сохранено', 'Здравствуйте, Mari Maasikas!'],
  ] as const)('sends the %s save-and-continue-later mail on flush: recipient, subject and link', async (language, subject, greeting) => {
    const mail = mailModule();
    const id = await mail.enqueueSaveAndContinueLater(saveAndContinueLater('mari@example.com', language));

    expect(await mail.sender.flush()).toEqual({ sent: 1, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const [received] = smtp.received;
    expect(received?.envelopeTo).toEqual(['mari@example.com']);
    expect(received?.headers.get('to')).toBe('mari@example.com');
    expect(decodeWords(received?.headers.get('from') ?? '')).toContain('<noreply@pank.ee>');
    expect(received?.headers.get('message-id')).toMatch(new RegExp(`^<outbox-${id}-\\d+@pank\\.ee>$`));
    expect(received?.subject).toBe(subject);
    expect(received?.text).toContain(linkIn(language));
    expect(received?.text).toContain(greeting);
    expect(received?.html).toContain(`href="${linkIn(language).replaceAll('&', '&amp;')}"`);

    const [row] = await mail.repository.listRecent({ limit: 1 });
    expect(row).toMatchObject({ id, status: 'SENT', attempts: 1, template: 'SAVE_AND_CONTINUE_LATER', language, processId });
  });

  it('adds the mail in the caller’s transaction: nothing is sent when that transaction rolls back', async () => {
    const mail = mailModule();
    await database.db
      .transaction(async (tx) => {
        await mail.enqueueSaveAndContinueLater(saveAndContinueLater('rolled-back@example.com'), tx);
        throw new Error('the application write failed');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await mail.enqueueSaveAndContinueLater(saveAndContinueLater('committed@example.com'), tx);
    });

    await mail.sender.flush();
    expect(smtp.received.map((received) => received.envelopeTo)).toEqual([['committed@example.com']]);
  });

  it('sends each message exactly once when two senders flush at the same time', async () => {
    const first = mailModule();
    const second = mailModule();
    const recipients = Array.from({ length: 24 }, (_, index) => `person-${index}@example.com`);
    for (const to of recipients) await first.enqueueSaveAndContinueLater(saveAndContinueLater(to));

    const results = await Promise.all([first.sender.flush(), second.sender.flush(), first.sender.flush(), second.sender.flush()]);

    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(recipients.length);
    expect(results.every((result) => result.failed === 0)).toBe(true);
    // Both senders took part: the claims really met, and SKIP LOCKED kept them apart.
    expect(results[0]?.sent).toBeGreaterThan(0);
    expect(results[1]?.sent).toBeGreaterThan(0);
    const delivered = smtp.received.flatMap((received) => received.envelopeTo);
    expect(delivered).toHaveLength(recipients.length);
    expect(new Set(delivered)).toEqual(new Set(recipients));
    const rows = await first.repository.listRecent({ limit: 100 });
    expect(rows.every((row) => row.status === 'SENT' && row.attempts === 1)).toBe(true);
  });

  it('marks a rejected message failed, backs off, and retries it later', async () => {
    let clock = new Date('2030-01-01T08:00:00Z');
    const outboxPolicy = { now: () => clock, retryBaseMs: 30_000 };
    const warn = vi.fn();
    const mail = mailModule({ outboxPolicy, logger: { ...silentLogger, warn } });
    smtp.rejected.add('bounce@example.com');
    const id = await mail.enqueueSaveAndContinueLater(saveAndContinueLater('bounce@example.com'));

    expect(await mail.sender.flush()).toEqual({ sent: 0, failed: 1 });
    expect(smtp.received).toHaveLength(0);
    let [row] = await mail.repository.listRecent({ limit: 1 });
    expect(row).toMatchObject({ id, status: 'PENDING', attempts: 1, sentAt: null });
    expect(row?.lastError).toMatch(/550/);
    expect(row?.nextAttemptAt.getTime()).toBe(clock.getTime() + 30_000);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ outboxId: id, attempts: 1, willRetry: true }), 'mail not sent');
    // The log names the row, not the person.
    expect(JSON.stringify(warn.mock.calls[0]?.[0] ?? {})).not.toContain('bounce@example.com');

    // Not yet due: nothing is tried.
    clock = new Date(clock.getTime() + 29_999);
    expect(await mail.sender.flush()).toEqual({ sent: 0, failed: 0 });

    // Still refused at the next attempt: the delay doubles.
    clock = new Date(clock.getTime() + 1);
    expect(await mail.sender.flush()).toEqual({ sent: 0, failed: 1 });
    [row] = await mail.repository.listRecent({ limit: 1 });
    expect(row?.nextAttemptAt.getTime()).toBe(clock.getTime() + 60_000);

    // The server takes it now.
    smtp.rejected.clear();
    clock = new Date(clock.getTime() + 60_000);
    expect(await mail.sender.flush()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.map((received) => received.envelopeTo)).toEqual([['bounce@example.com']]);
    [row] = await mail.repository.listRecent({ limit: 1 });
    expect(row).toMatchObject({ status: 'SENT', attempts: 3 });
  });

  it('records a failure when the SMTP server cannot be reached', async () => {
    const mail = mailModule({ smtpUrl: 'smtp://127.0.0.1:1' });
    await mail.enqueueSaveAndContinueLater(saveAndContinueLater('mari@example.com'));
    expect(await mail.sender.flush()).toEqual({ sent: 0, failed: 1 });
    const [row] = await mail.repository.listRecent({ limit: 1 });
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED|connect/i) });
  });
});

describe('attachments', () => {
  const outboxRow = (id: number, attempts = 1): OutboxRow => ({
    id,
    recipient: `person-${id}@example.com`,
    recipientKey: `person-${id}@example.com`,
    subject: 'Subject',
    text: 'Text',
    html: '<p>Text</p>',
    template: 'APPLICATION_SUBMITTED',
    language: 'en',
    processId,
    personKey: null,
    attachmentKey: null,
    createdAt: new Date('2030-01-01T08:00:00Z'),
    attempts,
    nextAttemptAt: new Date('2030-01-01T08:00:00Z'),
    sentAt: null,
    lastError: null,
  });

  /** A sender over an outbox in memory that hands out the given claims one after another, and a transport that records what it is given. */
  function senderOver(claims: OutboxRow[][], options: Pick<MailSenderOptions, 'attachmentsFor'> & { failFirstSend?: boolean } = {}) {
    const sent: OutgoingMail[] = [];
    let failNext = options.failFirstSend ?? false;
    const repository = {
      claimDue: vi.fn(async () => claims.shift() ?? []),
      markSent: vi.fn(async () => undefined),
      markFailed: vi.fn(async () => ({ willRetry: true, nextAttemptAt: new Date() })),
      release: vi.fn(async () => undefined),
      policy: defaultOutboxPolicy,
    };
    const transport = {
      sendMail: vi.fn(async (mail: OutgoingMail) => {
        if (failNext) {
          failNext = false;
          throw new Error('421 try again later');
        }
        sent.push(mail);
      }),
      close: () => undefined,
    };
    const sender = createMailSender({ repository, transport, from: 'Pank <noreply@pank.ee>', intervalMs: 60_000, logger: silentLogger, ...options });
    return { sender, sent, repository };
  }

  const containerOf = (message: OutboxRow): MailAttachment => ({
    filename: `contract-${message.id}.asice`,
    content: Buffer.from(`container of ${message.id}`),
    contentType: 'application/vnd.etsi.asic-e+zip',
  });

  it('asks attachmentsFor for each message as it sends it and hands its attachments to the transport', async () => {
    const attachmentsFor = vi.fn(async (message: OutboxRow) => [containerOf(message)]);
    const { sender, sent } = senderOver([[outboxRow(1), outboxRow(2)]], { attachmentsFor });

    expect(await sender.flush()).toEqual({ sent: 2, failed: 0 });

    expect(attachmentsFor.mock.calls.map(([message]) => message.id)).toEqual([1, 2]);
    expect(sent.map((mail) => [mail.to, mail.attachments])).toEqual([
      ['person-1@example.com', [containerOf(outboxRow(1))]],
      ['person-2@example.com', [containerOf(outboxRow(2))]],
    ]);
  });

  it('asks again on a retry, so the retried mail carries the attachment too', async () => {
    const attachmentsFor = vi.fn(async (message: OutboxRow) => [containerOf(message)]);
    const { sender, sent, repository } = senderOver([[outboxRow(7, 1)], [], [outboxRow(7, 2)]], { attachmentsFor, failFirstSend: true });

    expect(await sender.flush()).toEqual({ sent: 0, failed: 1 });
    expect(repository.markFailed).toHaveBeenCalledWith(7, '421 try again later');
    expect(await sender.flush()).toEqual({ sent: 1, failed: 0 });

    expect(attachmentsFor).toHaveBeenCalledTimes(2);
    expect(sent.map((mail) => mail.attachments)).toEqual([[containerOf(outboxRow(7))]]);
  });

  it('sends without attachments when there is no attachmentsFor, or it has none', async () => {
    const without = senderOver([[outboxRow(1)]]);
    await without.sender.flush();
    expect(without.sent).toHaveLength(1);
    expect(without.sent[0]).not.toHaveProperty('attachments');

    const none = senderOver([[outboxRow(2)]], { attachmentsFor: async () => [] });
    await none.sender.flush();
    expect(none.sent).toHaveLength(1);
    expect(none.sent[0]).not.toHaveProperty('attachments');
  });

  it('counts an attachment that cannot be read as a failed attempt, to be retried', async () => {
    const { sender, sent, repository } = senderOver([[outboxRow(3)]], {
      attachmentsFor: async () => {
        throw new Error('database unavailable');
      },
    });
    expect(await sender.flush()).toEqual({ sent: 0, failed: 1 });
    expect(sent).toEqual([]);
    expect(repository.markFailed).toHaveBeenCalledWith(3, 'database unavailable');
    expect(repository.markSent).not.toHaveBeenCalled();
  });

  const submittedMail = (to: string, id: string) => ({ ...submittedMailFor(to), processId: id });

  it('sends the file a module attached to a template with that template’s mail only, over SMTP', async () => {
    const mail = mailModule();
    const provider = vi.fn(async ({ processId: id }: { processId: string }) => ({
      filename: `contract-${id}.asice`,
      content: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00]),
      contentType: 'application/vnd.etsi.asic-e+zip',
    }));
    mail.attachToTemplate('APPLICATION_SUBMITTED', provider);
    await mail.enqueueApplicationSubmitted(submittedMail('mari@example.com', processId));
    await mail.enqueueSaveAndContinueLater(saveAndContinueLater('mari@example.com'));

    expect(await mail.sender.flush()).toEqual({ sent: 2, failed: 0 });

    // Asked about the application and the signing session the mail was enqueued with.
    expect(provider.mock.calls).toEqual([[{ processId, attachmentKey: '9b7c2f3e-52a4-4c1e-8d0f-3a6b1c2d4e5f' }]]);
    const submitted = smtp.received.find((received) => received.subject.includes('has been submitted'));
    expect(submitted?.attachments).toEqual([
      { filename: `contract-${processId}.asice`, contentType: 'application/vnd.etsi.asic-e+zip', content: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00]) },
    ]);
    const saved = smtp.received.find((received) => received !== submitted);
    expect(saved?.attachments).toEqual([]);
  });

  it('sends the mail without the file when the provider has none, and warns naming the outbox row only', async () => {
    const warn = vi.fn();
    const mail = mailModule({ logger: { ...silentLogger, warn } });
    mail.attachToTemplate('APPLICATION_SUBMITTED', async () => undefined);
    const id = await mail.enqueueApplicationSubmitted(submittedMail('nothing-stored@example.com', processId));

    expect(await mail.sender.flush()).toEqual({ sent: 1, failed: 0 });

    expect(smtp.received.map((received) => received.attachments)).toEqual([[]]);
    expect(warn).toHaveBeenCalledWith({ outboxId: id }, expect.stringContaining('without'));
    expect(JSON.stringify(warn.mock.calls)).not.toContain('nothing-stored@example.com');
  });
});

describe('the sender’s life cycle', () => {
  it('sends on its interval once started', async () => {
    const mail = mailModule({ intervalMs: 50 });
    mail.sender.start();
    await mail.enqueueSaveAndContinueLater(saveAndContinueLater('interval@example.com'));
    await waitFor(() => smtp.received.length === 1);
    await waitFor(async () => (await mail.repository.listRecent({ limit: 1 }))[0]?.status === 'SENT');
  });

  it('wake() sends at once without being waited for (a request that just enqueued mail)', async () => {
    const mail = mailModule();
    await mail.enqueueSaveAndContinueLater(saveAndContinueLater('woken@example.com'));
    mail.sender.wake();
    await waitFor(async () => (await mail.repository.listRecent({ limit: 1 }))[0]?.status === 'SENT');
    expect(smtp.received.map((received) => received.envelopeTo)).toEqual([['woken@example.com']]);
  });

  it('stop() waits for the send under way and hands the rest of the batch back untried', async () => {
    const mail = mailModule();
    for (const to of ['one@example.com', 'two@example.com', 'three@example.com']) await mail.enqueueSaveAndContinueLater(saveAndContinueLater(to));
    smtp.dataDelayMs = 300;

    const flushing = mail.sender.flush();
    await waitFor(() => smtp.dataStarted === 1);
    await mail.sender.stop();

    expect(await flushing).toEqual({ sent: 1, failed: 0 });
    const rows = await mail.repository.listRecent({ limit: 10 });
    expect(rows.map((row) => [row.recipient, row.status, row.attempts])).toEqual([
      ['three@example.com', 'PENDING', 0],
      ['two@example.com', 'PENDING', 0],
      ['one@example.com', 'SENT', 1],
    ]);
    // Handed back at once, so another instance need not wait out the lease.
    expect(rows.slice(0, 2).every((row) => row.nextAttemptAt.getTime() <= Date.now())).toBe(true);
    expect(await mail.sender.flush()).toEqual({ sent: 0, failed: 0 });
  });
});

describe('the links of the mails (decision 45)', () => {
  it.each(['et', 'en', 'ru'] as const)('every link of every mail in %s carries that language and names what it points to', async (language) => {
    const mail = mailModule({ smtpUrl: undefined });
    const company = { representativeName: 'Mari Maasikas', businessName: 'Näidis OÜ', companySource: 'REGISTER' as const, applicationNumber: 100042 };
    const invitation = {
      to: 'juhan@example.com',
      language,
      processId,
      personKey: 'EE:48001010007',
      token: 'tok-1',
      params: { inviteeName: 'Juhan Juurikas', applicantName: 'Mari Maasikas', businessName: 'Näidis OÜ', registryCode: '12345678', validUntil: '27.12.2026' },
    };
    const ids = [
      await mail.enqueueSaveAndContinueLater(saveAndContinueLater('links@example.com', language)),
      await mail.enqueueApplicationSubmitted({ ...submittedMailFor('links@example.com'), language }),
      await mail.enqueueDecisionRecorded({ to: 'links@example.com', language, processId, params: company, decision: { type: 'DECLINED' } }),
      await mail.enqueueCoSigningInvitation(invitation),
      await mail.enqueueDetailsRequest(invitation),
    ];
    const rows = (await database.db.select().from(mailOutbox)).filter((row) => ids.includes(row.id));
    const links = rows.map((row) => ({
      template: row.template,
      hrefs: [...row.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&')),
    }));
    const statusPage = `http://localhost:3000/start/success?processId=${processId}&lang=${language}`;
    const invitationPage = `http://localhost:3000/start/invitation/tok-1?lang=${language}`;
    expect(Object.fromEntries(links.map(({ template, hrefs }) => [template, hrefs.filter((href) => href.startsWith('http'))]))).toEqual({
      SAVE_AND_CONTINUE_LATER: [linkIn(language)],
      APPLICATION_SUBMITTED: [statusPage],
      DECISION_RECORDED: [statusPage],
      CO_SIGNING_INVITATION: [invitationPage],
      DETAILS_REQUEST: [invitationPage],
    });
  });

  it('are PUBLIC_URL/start/… whether or not PUBLIC_URL ends in a slash', () => {
    expect(mailModule().continueLaterLink(processId, 'ru')).toBe(linkIn('ru'));
    const config: MailModuleConfig = {
      SMTP_URL: undefined,
      MAIL_FROM: 'noreply@pank.ee',
      MAIL_SEND_INTERVAL_MS: 1000,
      PUBLIC_URL: 'https://konto.pank.ee/',
      brand: loadBrand(DEFAULT_BRAND_DIR),
      SAVE_AND_CONTINUE_MAILS_PER_APPLICATION_PER_HOUR: 3,
      SAVE_AND_CONTINUE_MAILS_PER_ADDRESS_PER_DAY: 5,
      SAVE_AND_CONTINUE_MAILS_PER_PERSON_PER_DAY: 5,
      EMAIL_CONFIRMATION_CODES_PER_PERSON_PER_DAY: 5,
      DECISION_MAILS_PER_APPLICATION_PER_HOUR: 5,
      CO_SIGNING_INVITATIONS_PER_PERSON_PER_DAY: 10,
    };
    const mail = createMailModule({ config, db: database.db, logger: silentLogger });
    expect(mail.continueLaterLink('a b', 'et')).toBe('https://konto.pank.ee/start/application?processId=a%20b&lang=et');
    expect(mail.statusPageLink('a b', 'en')).toBe('https://konto.pank.ee/start/success?processId=a%20b&lang=en');
    expect(mail.invitationLink('t/1', 'ru')).toBe('https://konto.pank.ee/start/invitation/t%2F1?lang=ru');
  });
});

describe('without SMTP_URL', () => {
  it('sends nothing: the mail stays pending in the outbox and shows in the dev mailbox', async () => {
    const mail = mailModule({ smtpUrl: undefined });
    mail.sender.start();
    const id = await mail.enqueueSaveAndContinueLater(saveAndContinueLater('kept@example.com', 'et'));

    expect(await mail.sender.flush()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);

    const { default: Fastify } = await import('fastify');
    const app = Fastify();
    await app.register(mail.devMailboxRoutes);
    try {
      const list = await app.inject({ method: 'GET', url: '/dev/mailbox/messages.json' });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([
        expect.objectContaining({ id, recipient: 'kept@example.com', status: 'PENDING', attempts: 0, sentAt: null, links: [linkIn('et')], language: 'et' }),
      ]);
      const page = await app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('kept@example.com');
      expect(page.body).toContain('Sinu ettevõtte konto avamise taotlus on salvestatud');
      expect(page.body).toContain('pending');
    } finally {
      await app.close();
    }
  });
});
