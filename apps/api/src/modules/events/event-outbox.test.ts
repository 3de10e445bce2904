import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APPLICATION_SUBMITTED_EVENT, DECISION_RECORDED_EVENT, decisionRecordedEventSchema, type IntegrationEvent } from '@onboarding/domain';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { applications, eventOutbox } from '../../db/schema.js';
import { createTestDatabase } from '../../test/database.js';
import { startWebhookReceiver, type TestWebhookReceiver } from '../../test/webhook-receiver.js';
import { createEventsModule, type EventLogger, type EventOutboxPolicy, type EventsModule, type EventsModuleConfig } from './index.js';

/**
 * The event outbox against a real HTTP receiver that verifies every request
 * with the standardwebhooks library: in order per application, at least
 * once, each event acknowledged once, through failures and outages of the
 * receiver and with several senders at once. Runs on PGlite, and on
 * PostgreSQL when DATABASE_URL names one.
 */

const silentLogger: EventLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** Retries within milliseconds, so outages take no real time. */
const quickRetries: Partial<EventOutboxPolicy> = { retryBaseMs: 20, retryMaxMs: 200 };

let database: Database & { drop: () => Promise<void> };
let receiver: TestWebhookReceiver;
const modules: EventsModule[] = [];

function eventsModule(options: { webhookUrl?: string | undefined; outboxPolicy?: Partial<EventOutboxPolicy>; intervalMs?: number } = {}): EventsModule {
  const config: EventsModuleConfig = {
    WEBHOOK_URL: 'webhookUrl' in options ? options.webhookUrl : receiver.url,
    WEBHOOK_SECRET: receiver.secret,
    WEBHOOK_TIMEOUT_MS: 2000,
    PUBLIC_URL: 'https://konto.pank.ee',
    IDENTITY_MODE: 'simulated',
    dataDir: mkdtempSync(path.join(tmpdir(), 'onboarding-events-')),
  };
  const events = createEventsModule({
    config,
    db: database.db,
    logger: silentLogger,
    outboxPolicy: options.outboxPolicy ?? quickRetries,
    intervalMs: options.intervalMs ?? 20,
  });
  modules.push(events);
  return events;
}

async function newApplication(name: string): Promise<{ processId: string; applicationNumber: number }> {
  const [row] = await database.db
    .insert(applications)
    .values({ representativePersonalId: '38001085718', companyName: name, companyRegistryCode: null, status: 'SUBMITTED' })
    .returning({ processId: applications.processId, applicationNumber: applications.applicationNumber });
  if (!row) throw new Error('no application');
  return row;
}

/** Decisions make handy numbered events: FEE_INVOICED with the amount as its sequence number. */
async function enqueueNumbered(events: EventsModule, application: { processId: string; applicationNumber: number }, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 1; index <= count; index += 1) {
    ids.push(
      await database.db.transaction((tx) =>
        events.enqueueDecisionRecorded(tx, {
          processId: application.processId,
          applicationNumber: application.applicationNumber,
          decision: { type: 'FEE_INVOICED', amountCents: index, dueDate: '2026-12-31' },
          status: 'SUBMITTED',
          version: index + 1,
          recordedBy: 'core-banking',
        }),
      ),
    );
  }
  return ids;
}

const sequenceOf = (event: IntegrationEvent): number =>
  event.type === DECISION_RECORDED_EVENT && event.data.decision.type === 'FEE_INVOICED' ? event.data.decision.amountCents : -1;
const receivedOf = (processId: string): number[] => receiver.received.filter(({ event }) => event.subject === processId).map(({ event }) => sequenceOf(event));

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const pendingCount = async () => (await database.db.select().from(eventOutbox)).filter((row) => !row.deliveredAt).length;

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver.close();
  await database.drop();
});

beforeEach(async () => {
  await database.db.delete(eventOutbox);
  await receiver.up();
  receiver.received.length = 0;
  receiver.refused.length = 0;
  receiver.duplicates = 0;
  receiver.requests = 0;
  receiver.overlaps = 0;
  receiver.answer = 204;
  receiver.delayMs = 0;
});

afterEach(async () => {
  await Promise.all(modules.splice(0).map((events) => events.sender.stop()));
});

describe('one event', () => {
  it('arrives as a CloudEvent in structured mode, signed per Standard Webhooks, with webhook-id its id', async () => {
    const events = eventsModule();
    const application = await newApplication('Üks Sündmus OÜ');
    const [id] = await enqueueNumbered(events, application, 1);

    expect(await events.sender.flush()).toEqual({ delivered: 1, failed: 0 });

    expect(receiver.refused).toEqual([]);
    const [received] = receiver.received;
    expect(received?.webhookId).toBe(id);
    expect(received?.headers['content-type']).toBe('application/cloudevents+json');
    expect(received?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const event = decisionRecordedEventSchema.parse(received?.event);
    expect(event).toMatchObject({
      specversion: '1.0',
      id,
      source: 'https://konto.pank.ee/integration/v1',
      type: 'ee.onboarding.application.decision-recorded.v1',
      subject: application.processId,
      datacontenttype: 'application/json',
      data: { processId: application.processId, applicationNumber: application.applicationNumber, status: 'SUBMITTED', version: 2, recordedBy: 'core-banking' },
    });
    const [row] = await events.repository.listOf(application.processId);
    expect(row).toMatchObject({ status: 'DELIVERED', attempts: 1, eventId: id });
  });

  it('is refused by a receiver with another secret, and kept pending with the answer as its last error', async () => {
    const events = eventsModule();
    const other = await startWebhookReceiver();
    try {
      const config = { WEBHOOK_URL: other.url, WEBHOOK_SECRET: receiver.secret };
      const misconfigured = createEventsModule({
        config: { ...config, WEBHOOK_TIMEOUT_MS: 2000, PUBLIC_URL: 'https://konto.pank.ee', IDENTITY_MODE: 'live', dataDir: tmpdir() },
        db: database.db,
        logger: silentLogger,
        outboxPolicy: quickRetries,
      });
      modules.push(misconfigured);
      const application = await newApplication('Vale Saladus OÜ');
      await enqueueNumbered(events, application, 1);

      expect(await misconfigured.sender.flush()).toEqual({ delivered: 0, failed: 1 });
      expect(other.received).toEqual([]);
      expect(other.refused).toEqual([expect.stringContaining('verification')]);
      const [row] = await misconfigured.repository.listOf(application.processId);
      expect(row).toMatchObject({ status: 'PENDING', attempts: 1, lastError: expect.stringMatching(/^HTTP 400/) });
    } finally {
      await other.close();
    }
  });

  it('exists only if the transaction that reports it commits', async () => {
    const events = eventsModule();
    const application = await newApplication('Tagasi OÜ');
    await database.db
      .transaction(async (tx) => {
        await events.enqueueEvent(tx, {
          processId: application.processId,
          type: DECISION_RECORDED_EVENT,
          data: {
            processId: application.processId,
            applicationNumber: application.applicationNumber,
            decision: { type: 'FEE_PAID' },
            status: 'SUBMITTED',
            version: 2,
            recordedBy: 'core-banking',
          },
        });
        throw new Error('the decision could not be written');
      })
      .catch(() => undefined);

    expect(await events.sender.flush()).toEqual({ delivered: 0, failed: 0 });
    expect(await events.repository.listOf(application.processId)).toEqual([]);
  });

  it('stays in the outbox when WEBHOOK_URL is unset: nothing is sent', async () => {
    const events = eventsModule({ webhookUrl: undefined });
    const application = await newApplication('Postkast OÜ');
    await enqueueNumbered(events, application, 2);
    events.sender.start();
    events.sender.wake();

    expect(await events.sender.flush()).toEqual({ delivered: 0, failed: 0 });
    expect(receiver.requests).toBe(0);
    expect((await events.repository.listOf(application.processId)).map((row) => [row.status, row.attempts])).toEqual([
      ['PENDING', 0],
      ['PENDING', 0],
    ]);
  });
});

describe('order and at-least-once delivery', () => {
  it('delivers the events of one application in order, the next only after the previous was acknowledged, while the first fails and is slow', async () => {
    const events = eventsModule();
    const first = await newApplication('Järjekord OÜ');
    const second = await newApplication('Teine Järjekord OÜ');
    const firstIds = await enqueueNumbered(events, first, 5);
    await enqueueNumbered(events, second, 3);
    const firstEventId = firstIds[0];
    // The first application's first event is answered 500 twice, slowly; everything else at once.
    receiver.answer = (event, earlier) => (event.id === firstEventId && earlier < 2 ? 500 : 204);
    receiver.delayMs = 30;

    events.sender.start();
    await waitFor(() => receiver.received.length === 8, 'all eight events');

    expect(receiver.refused).toEqual([]);
    expect(receivedOf(first.processId)).toEqual([1, 2, 3, 4, 5]);
    expect(receivedOf(second.processId)).toEqual([1, 2, 3]);
    expect(receiver.duplicates).toBe(0);
    const [failedTwice] = await events.repository.listOf(first.processId);
    expect(failedTwice).toMatchObject({ status: 'DELIVERED', attempts: 3, lastError: 'HTTP 500' });
  });

  it('delivers every event once acknowledged after the receiver was down for a while, and none twice', async () => {
    const events = eventsModule();
    const applicationsUsed = [await newApplication('Maas OÜ'), await newApplication('Püsti OÜ')];
    await receiver.down();
    for (const application of applicationsUsed) await enqueueNumbered(events, application, 4);

    events.sender.start();
    await waitFor(async () => (await events.repository.listRecent(50)).some((row) => row.attempts >= 2), 'failed attempts while the receiver is down');
    const [failing] = await events.repository.listOf(applicationsUsed[0]?.processId ?? '');
    expect(failing?.lastError).toMatch(/fetch failed|ECONNREFUSED/);
    expect(receiver.received).toEqual([]);

    await receiver.up();
    await waitFor(() => receiver.received.length === 8, 'all eight events after the receiver came back');
    await waitFor(async () => (await pendingCount()) === 0, 'every event marked delivered');

    for (const application of applicationsUsed) expect(receivedOf(application.processId)).toEqual([1, 2, 3, 4]);
    expect(receiver.duplicates).toBe(0);
  });

  it('retries an event that got no answer within WEBHOOK_TIMEOUT_MS; the receiver drops the late duplicate', async () => {
    const config: EventsModuleConfig = {
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: receiver.secret,
      WEBHOOK_TIMEOUT_MS: 150,
      PUBLIC_URL: 'https://konto.pank.ee',
      IDENTITY_MODE: 'simulated',
      dataDir: tmpdir(),
    };
    const events = createEventsModule({ config, db: database.db, logger: silentLogger, outboxPolicy: quickRetries, intervalMs: 20 });
    modules.push(events);
    const application = await newApplication('Aeglane OÜ');
    await enqueueNumbered(events, application, 2);
    // The first delivery is acknowledged, but only after the sender gave up waiting.
    receiver.answer = 204;
    receiver.delayMs = 400;

    expect(await events.sender.flush()).toEqual({ delivered: 0, failed: 1 });
    const [timedOut] = await events.repository.listOf(application.processId);
    expect(timedOut?.lastError).toBe('no answer within 150 ms');

    receiver.delayMs = 0;
    events.sender.start();
    await waitFor(() => receivedOf(application.processId).length === 2, 'both events');
    await waitFor(async () => (await pendingCount()) === 0, 'both marked delivered');
    expect(receivedOf(application.processId)).toEqual([1, 2]);
    // The first delivery's late 204 comes after the retry's: the receiver keeps one.
    await waitFor(() => receiver.duplicates === 1, 'the late acknowledgement counted as a duplicate');
  });

  it('two senders on one database deliver each event once and never two of one application at once', async () => {
    const senders = [eventsModule(), eventsModule()];
    const used = await Promise.all(Array.from({ length: 6 }, (_, index) => newApplication(`Kaks Saatjat ${String(index)} OÜ`)));
    for (const application of used) await enqueueNumbered(senders[0] as EventsModule, application, 4);
    receiver.delayMs = 5;

    await Promise.all(senders.map((events) => events.sender.flush()));
    for (const events of senders) events.sender.start();
    await waitFor(() => receiver.received.length === 24, 'all 24 events');
    await waitFor(async () => (await pendingCount()) === 0, 'every event marked delivered');

    for (const application of used) expect(receivedOf(application.processId)).toEqual([1, 2, 3, 4]);
    expect(receiver.duplicates).toBe(0);
    expect(receiver.requests).toBe(24);
    expect(receiver.overlaps).toBe(0);
  });
});

describe('claims', () => {
  it('takes an event claimed by a sender that died again once its lease has run out, and keeps the application’s later events back until then', async () => {
    let now = new Date('2026-11-27T10:00:00Z');
    const policy: Partial<EventOutboxPolicy> = { ...quickRetries, leaseMs: 60_000, now: () => now };
    const dead = eventsModule({ outboxPolicy: policy });
    const alive = eventsModule({ outboxPolicy: policy });
    const application = await newApplication('Kadunud Saatja OÜ');
    await enqueueNumbered(dead, application, 2);

    // The first sender claims the oldest event and dies before sending it.
    const [claimed] = await dead.repository.claimDue(10);
    expect(claimed).toMatchObject({ attempts: 1 });
    expect(await alive.repository.claimDue(10)).toEqual([]);

    now = new Date(now.getTime() + 60_001);
    expect(await alive.sender.flush()).toEqual({ delivered: 2, failed: 0 });
    expect(receivedOf(application.processId)).toEqual([1, 2]);
    expect((await alive.repository.listOf(application.processId)).map((row) => row.attempts)).toEqual([2, 1]);
  });

  it('a failure reported after the claim passed to another sender does not reschedule that sender’s claim', async () => {
    const events = eventsModule({ outboxPolicy: { ...quickRetries, leaseMs: 0 } });
    const application = await newApplication('Aegunud Nõue OÜ');
    await enqueueNumbered(events, application, 1);
    const [stale] = await events.repository.claimDue(1);
    const [current] = await events.repository.claimDue(1);
    expect([stale?.attempts, current?.attempts]).toEqual([1, 2]);

    if (stale) await events.repository.markFailed(stale, 'late failure of the first claim');
    const [row] = await events.repository.listOf(application.processId);
    expect(row?.lastError).toBeNull();
  });

  it('a sender that stops mid-delivery hands the event back at once, its attempt not counted', async () => {
    const events = eventsModule();
    const application = await newApplication('Peatu OÜ');
    await enqueueNumbered(events, application, 1);
    receiver.delayMs = 500;

    const flushing = events.sender.flush();
    await waitFor(() => receiver.requests === 1, 'the delivery under way');
    await events.sender.stop();
    expect(await flushing).toEqual({ delivered: 0, failed: 1 });

    const [row] = await events.repository.listOf(application.processId);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 0, lastError: null });
    expect(row?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    // The receiver still took the cut-off delivery: sent again later, it will be a duplicate to drop (at least once).
    await waitFor(() => receiver.received.length === 1, 'the receiver to finish the cut-off request');
  });

  it('picks only due events: the next attempt waits for its back-off', async () => {
    let now = new Date('2026-11-27T10:00:00Z');
    const events = eventsModule({ outboxPolicy: { retryBaseMs: 5000, retryMaxMs: 3_600_000, jitter: 0, now: () => now } });
    const application = await newApplication('Oota OÜ');
    await enqueueNumbered(events, application, 1);
    receiver.answer = 503;

    expect(await events.sender.flush()).toEqual({ delivered: 0, failed: 1 });
    expect(await events.sender.flush()).toEqual({ delivered: 0, failed: 0 });
    const [row] = await events.repository.listOf(application.processId);
    expect(row?.nextAttemptAt.toISOString()).toBe('2026-11-27T10:00:05.000Z');

    receiver.answer = 204;
    now = new Date('2026-11-27T10:00:05Z');
    expect(await events.sender.flush()).toEqual({ delivered: 1, failed: 0 });
  });
});

describe('the submitted event', () => {
  it('carries the application, its links under /integration/v1 and the submission time as the event time', async () => {
    const events = eventsModule();
    const application = await newApplication('Esitatud OÜ');
    const submittedAt = new Date('2026-11-27T09:30:00.000Z');
    await database.db.transaction((tx) =>
      events.enqueueApplicationSubmitted(tx, {
        processId: application.processId,
        applicationNumber: application.applicationNumber,
        company: { name: 'Esitatud OÜ', registryCode: '12345678', registryCountryCode: 'EE', isVerified: true },
        submittedAt,
        signers: [{ name: 'Mari Maasikas', personalId: '38001085718', personalIdCountryCode: 'EE', signedAt: submittedAt.toISOString() }],
        followUp: 'MANAGER_CONTACT',
        hasDiscrepancies: false,
        serviceFeeInvoice: null,
        unverifiedFacts: [],
        version: 7,
      }),
    );

    await events.sender.flush();
    const [received] = receiver.received;
    expect(received?.event.type).toBe(APPLICATION_SUBMITTED_EVENT);
    const base = `https://konto.pank.ee/integration/v1/applications/${application.processId}`;
    expect(received?.event).toMatchObject({
      time: '2026-11-27T09:30:00.000Z',
      data: {
        submittedAt: '2026-11-27T09:30:00.000Z',
        version: 7,
        links: { application: base, contract: `${base}/contract`, signed: `${base}/signed` },
      },
    });
  });
});
