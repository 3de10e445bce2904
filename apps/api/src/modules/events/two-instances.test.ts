import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DECISION_RECORDED_EVENT } from '@onboarding/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { applications, eventOutbox } from '../../db/schema.js';
import { createWebDist } from '../../test/app.js';
import { postgresDatabaseFor } from '../../test/postgres.js';
import { startWebhookReceiver } from '../../test/webhook-receiver.js';

/**
 * Two instances of the app on one PostgreSQL database, both sending: every
 * event reaches the receiver once, each application's in order, never two of
 * one application at once. CI always has PostgreSQL; on a machine without it
 * this test is skipped.
 */
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('events across instances', () => {
  it('two apps on one database deliver each event once, in order per application', async (context) => {
    const database = await postgresDatabaseFor('onboarding_events', 'events across instances');
    if (!database) return context.skip();
    cleanups.push(() => database.drop());
    const receiver = await startWebhookReceiver();
    cleanups.push(() => receiver.close());
    receiver.delayMs = 5;

    const instances: FastifyInstance[] = [];
    // Instances that share a database share its key-encryption key, as a deployment's do.
    const keyEncryptionKeys = randomBytes(32).toString('base64');
    for (let index = 0; index < 2; index += 1) {
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        WEB_DIST_DIR: createWebDist(),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'onboarding-events-')),
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: receiver.secret,
        KEY_ENCRYPTION_KEYS: keyEncryptionKeys,
        // One person saves many applications here: the per-person limits are not what is tested.
        RATE_LIMIT_SAVES_PER_USER: '1000000',
        RATE_LIMIT_DRAFTS_PER_USER: '1000000',
      });
      // One after the other: the first migrates the new database.
      const app = await buildApp(config, { events: { outboxPolicy: { retryBaseMs: 20, retryMaxMs: 200 }, intervalMs: 20 } });
      cleanups.push(() => app.close());
      instances.push(app);
    }
    const [first, second] = instances as [FastifyInstance, FastifyInstance];

    // Enqueued while neither sends, through both instances, so that both start with a full outbox.
    const sequences = new Map<string, number>();
    for (let index = 0; index < 8; index += 1) {
      const instance = index % 2 === 0 ? first : second;
      const [application] = await instance.database.db
        .insert(applications)
        .values({ representativePersonalId: '38001085718', companyName: `Kaks Eksemplari ${String(index)} OÜ`, status: 'SUBMITTED' })
        .returning();
      if (!application) throw new Error('no application');
      for (let sequence = 1; sequence <= 5; sequence += 1) {
        await instance.database.db.transaction((tx) =>
          (sequence % 2 === 0 ? second : first).events.enqueueEvent(tx, {
            processId: application.processId,
            type: DECISION_RECORDED_EVENT,
            data: {
              processId: application.processId,
              applicationNumber: application.applicationNumber,
              decision: { type: 'FEE_INVOICED', amountCents: sequence, dueDate: '2026-12-31' },
              status: 'SUBMITTED',
              version: sequence + 1,
              recordedBy: 'core-banking',
            },
          }),
        );
      }
      sequences.set(application.processId, 5);
    }

    await Promise.all(instances.map((app) => app.ready()));
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(40);
    await expect
      .poll(async () => (await first.database.db.select().from(eventOutbox)).every((row) => row.deliveredAt !== null), { timeout: 10_000 })
      .toBe(true);

    expect(receiver.refused).toEqual([]);
    for (const processId of sequences.keys()) {
      const received = receiver.received.filter(({ event }) => event.subject === processId);
      expect(
        received.map(({ event }) =>
          event.type === DECISION_RECORDED_EVENT && event.data.decision.type === 'FEE_INVOICED' ? event.data.decision.amountCents : 0,
        ),
      ).toEqual([1, 2, 3, 4, 5]);
    }
    expect(receiver.duplicates).toBe(0);
    expect(receiver.requests).toBe(40);
    expect(receiver.overlaps).toBe(0);
  });
});
