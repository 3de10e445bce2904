import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { mailOutbox } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { createTestDatabase } from '../../test/database.js';
import { createMailModule, type MailModule, type MailModuleConfig } from './index.js';
import { DEFAULT_BRAND_DIR, loadBrand } from '../../brand/index.js';

const PER_APPLICATION = 3;
const PER_ADDRESS = 5;
const PER_PERSON = 4;
const CODES_PER_PERSON = 3;

let database: Database & { drop: () => Promise<void> };

const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** One server instance's mail module; several on one database are several instances. */
function instance(): MailModule {
  const config: MailModuleConfig = {
    SMTP_URL: undefined,
    MAIL_FROM: 'noreply@pank.ee',
    MAIL_SEND_INTERVAL_MS: 60_000,
    PUBLIC_URL: 'http://localhost:3000',
    brand: loadBrand(DEFAULT_BRAND_DIR),
    SAVE_AND_CONTINUE_MAILS_PER_APPLICATION_PER_HOUR: PER_APPLICATION,
    SAVE_AND_CONTINUE_MAILS_PER_ADDRESS_PER_DAY: PER_ADDRESS,
    SAVE_AND_CONTINUE_MAILS_PER_PERSON_PER_DAY: PER_PERSON,
    EMAIL_CONFIRMATION_CODES_PER_PERSON_PER_DAY: CODES_PER_PERSON,
    DECISION_MAILS_PER_APPLICATION_PER_HOUR: 5,
    CO_SIGNING_INVITATIONS_PER_PERSON_PER_DAY: 10,
  };
  return createMailModule({ config, db: database.db, logger: silentLogger });
}

// One person per application unless a test names the person: the limits per application and per mailbox are tested apart.
const later = (to: string, processId: string, personKey = `EE:${processId}`) => ({
  to,
  language: 'en' as const,
  personKey,
  params: { representativeName: 'Mari Maasikas', businessName: 'Näidis OÜ', companySource: 'REGISTER' as const, processId, applicationNumber: 100042 },
});

/** The error a refused enqueue threw, or undefined when it was enqueued. */
async function refusal(enqueued: Promise<number>): Promise<AppError | undefined> {
  try {
    await enqueued;
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

const rowsOf = (processId: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.processId, processId));

/** Moves an application's mail back in time, as if sent `seconds` ago. */
async function age(filter: { processId: string } | { recipient: string }, seconds: number): Promise<void> {
  const where = 'processId' in filter ? eq(mailOutbox.processId, filter.processId) : eq(mailOutbox.recipient, filter.recipient);
  await database.db
    .update(mailOutbox)
    .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(and(where, eq(mailOutbox.template, 'SAVE_AND_CONTINUE_LATER')));
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

beforeEach(async () => {
  await database.db.delete(mailOutbox);
});

describe('save-and-continue-later send limits', () => {
  it('refuses the (N+1)th mail of an application within the hour, enqueues nothing, and says when the oldest leaves the hour', async () => {
    const mail = instance();
    const processId = randomUUID();
    for (let sent = 0; sent < PER_APPLICATION; sent += 1) await mail.enqueueSaveAndContinueLater(later(`mari${sent}@example.ee`, processId));

    const refused = await refusal(mail.enqueueSaveAndContinueLater(later('other@example.ee', processId)));
    expect(refused?.code).toBe('RATE_LIMITED');
    expect(refused?.statusCode).toBe(429);
    expect(refused?.retryAfterSeconds).toBeGreaterThan(3500);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(await rowsOf(processId)).toHaveLength(PER_APPLICATION);

    // The oldest was sent 59 min 50 s ago: ten seconds until it leaves the hour, and then one more may go.
    const [oldest] = await rowsOf(processId);
    await database.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '3590 seconds'` })
      .where(eq(mailOutbox.id, oldest?.id ?? 0));
    const soon = await refusal(mail.enqueueSaveAndContinueLater(later('other@example.ee', processId)));
    expect(soon?.retryAfterSeconds).toBeGreaterThanOrEqual(9);
    expect(soon?.retryAfterSeconds).toBeLessThanOrEqual(10);

    await age({ processId }, 3601);
    expect(await refusal(mail.enqueueSaveAndContinueLater(later('other@example.ee', processId)))).toBeUndefined();
    expect(await rowsOf(processId)).toHaveLength(PER_APPLICATION + 1);
  });

  it('refuses the (M+1)th mail to one mailbox within the day across applications, whatever the case or +tag of the address', async () => {
    const mail = instance();
    const addresses = ['victim@example.ee', 'Victim@Example.EE', 'victim+1@example.ee', 'victim+2@example.ee', 'VICTIM+3@example.ee'];
    for (const to of addresses) await mail.enqueueSaveAndContinueLater(later(to, randomUUID()));

    const refused = await refusal(mail.enqueueSaveAndContinueLater(later('victim+6@example.ee', randomUUID())));
    expect(refused?.code).toBe('RATE_LIMITED');
    expect(refused?.retryAfterSeconds).toBeGreaterThan(86_300);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(86_400);
    expect(await database.db.select().from(mailOutbox)).toHaveLength(PER_ADDRESS);
    // Another mailbox is not affected.
    expect(await refusal(mail.enqueueSaveAndContinueLater(later('someone.else@example.ee', randomUUID())))).toBeUndefined();

    // A day later the mailbox may have mail again.
    await age({ recipient: 'victim@example.ee' }, 86_401);
    expect(await refusal(mail.enqueueSaveAndContinueLater(later('victim@example.ee', randomUUID())))).toBeUndefined();
  });

  it('counts only save-and-continue-later mail', async () => {
    const mail = instance();
    const processId = randomUUID();
    for (let sent = 0; sent < 4; sent += 1) {
      await mail.enqueueApplicationSubmitted({
        to: 'mari@example.ee',
        language: 'en',
        processId,
        signingSessionId: randomUUID(),
        params: {
          representativeName: 'Mari Maasikas',
          businessName: 'Näidis OÜ',
          companySource: 'REGISTER',
          applicationNumber: 100042,
          followUp: 'MANAGER_CONTACT',
          feeInvoice: 'FROM_THE_BANK',
        },
      });
    }
    expect(await refusal(mail.enqueueSaveAndContinueLater(later('mari@example.ee', processId)))).toBeUndefined();
  });

  it('rolls back with the caller: a refused mail leaves the caller nothing to commit', async () => {
    const mail = instance();
    const processId = randomUUID();
    for (let sent = 0; sent < PER_APPLICATION; sent += 1) await mail.enqueueSaveAndContinueLater(later('mari@example.ee', processId));
    const refused = await refusal(
      database.db.transaction(async (tx) => mail.enqueueSaveAndContinueLater(later('mari@example.ee', processId), tx as unknown as Database['db'])),
    );
    expect(refused?.code).toBe('RATE_LIMITED');
    expect(await rowsOf(processId)).toHaveLength(PER_APPLICATION);
  });

  it('lets exactly N of many concurrent requests from two instances through for one application, and M for one mailbox', async () => {
    const [first, second] = [instance(), instance()];
    const processId = randomUUID();
    const forApplication = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        refusal((index % 2 === 0 ? first : second).enqueueSaveAndContinueLater(later(`person${index}@example.ee`, processId))),
      ),
    );
    expect(forApplication.filter((error) => error === undefined)).toHaveLength(PER_APPLICATION);
    expect(forApplication.filter((error) => error?.code === 'RATE_LIMITED')).toHaveLength(12 - PER_APPLICATION);
    expect(await rowsOf(processId)).toHaveLength(PER_APPLICATION);

    const forMailbox = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        refusal((index % 2 === 0 ? first : second).enqueueSaveAndContinueLater(later(`target+${index}@example.ee`, randomUUID()))),
      ),
    );
    expect(forMailbox.filter((error) => error === undefined)).toHaveLength(PER_ADDRESS);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipientKey, 'target@example.ee'))).toHaveLength(PER_ADDRESS);
  });
});

describe('limits per person', () => {
  it('refuses the (P+1)th save-and-continue mail of one person within the day, across applications and addresses', async () => {
    const mail = instance();
    const person = 'EE:38001085718';
    for (let sent = 0; sent < PER_PERSON; sent += 1) await mail.enqueueSaveAndContinueLater(later(`colleague${sent}@example.ee`, randomUUID(), person));

    const refused = await refusal(mail.enqueueSaveAndContinueLater(later('colleague-next@example.ee', randomUUID(), person)));
    expect(refused?.code).toBe('RATE_LIMITED');
    expect(refused?.retryAfterSeconds).toBeGreaterThan(86_300);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(86_400);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.personKey, person))).toHaveLength(PER_PERSON);
    // Another person is not affected.
    expect(await refusal(mail.enqueueSaveAndContinueLater(later('colleague-next@example.ee', randomUUID(), 'EE:49002124277')))).toBeUndefined();
  });

  it('lets exactly P of many concurrent requests of one person through from two instances, each for another application', async () => {
    const [first, second] = [instance(), instance()];
    const person = 'EE:38001085718';
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        refusal((index % 2 === 0 ? first : second).enqueueSaveAndContinueLater(later(`burst${index}@example.ee`, randomUUID(), person))),
      ),
    );
    expect(results.filter((error) => error === undefined)).toHaveLength(PER_PERSON);
    expect(results.filter((error) => error?.code === 'RATE_LIMITED')).toHaveLength(12 - PER_PERSON);
  });

  it('refuses the (C+1)th e-mail confirmation code of one person within the day, whichever address it is for', async () => {
    const mail = instance();
    const code = (to: string) => ({
      to,
      language: 'en' as const,
      personKey: 'EE:38001085718',
      params: { representativeName: 'Mari Maasikas', code: '123456', validMinutes: 10 },
    });
    for (let sent = 0; sent < CODES_PER_PERSON; sent += 1) await mail.enqueueEmailConfirmationCode(code(`address${sent}@example.ee`));

    const refused = await refusal(mail.enqueueEmailConfirmationCode(code('address-next@example.ee')));
    expect(refused?.code).toBe('RATE_LIMITED');
    expect(refused?.retryAfterSeconds).toBeGreaterThan(86_300);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'EMAIL_CONFIRMATION_CODE'))).toHaveLength(CODES_PER_PERSON);
  });
});
