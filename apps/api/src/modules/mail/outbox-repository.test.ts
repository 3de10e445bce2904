import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { applications, mailOutbox } from '../../db/schema.js';
import { createTestDatabase } from '../../test/database.js';
import { createOutboxRepository, type NewOutboxMessage } from './outbox-repository.js';

let database: Database & { drop: () => Promise<void> };
let clock: Date;
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

beforeEach(async () => {
  await database.db.delete(mailOutbox);
  clock = new Date('2030-01-01T08:00:00Z');
});

const policy = { leaseMs: 60_000, retryBaseMs: 1000, retryMaxMs: 5000, maxAttempts: 4, now };

const message = (recipient: string): NewOutboxMessage => ({
  recipient,
  subject: `Subject for ${recipient}`,
  text: 'text',
  html: '<p>html</p>',
  template: 'SAVE_AND_CONTINUE_LATER',
  language: 'en',
});

describe('the mail outbox repository', () => {
  it('keeps the address as given and, for the limits per address, the mailbox it delivers to', async () => {
    const repository = createOutboxRepository(database.db, policy);
    const row = await repository.enqueue(message('Mari.Maasikas+later@Example.ee'));
    expect(row).toMatchObject({ recipient: 'Mari.Maasikas+later@Example.ee', recipientKey: 'mari.maasikas@example.ee' });
  });

  it('enqueues in the caller’s transaction: rolled back with it, committed with it', async () => {
    const repository = createOutboxRepository(database.db, policy);
    await expect(
      database.db.transaction(async (tx) => {
        await repository.enqueue(message('rolled-back@example.com'), tx);
        throw new Error('the caller’s write failed');
      }),
    ).rejects.toThrow('the caller’s write failed');

    const processId = await database.db.transaction(async (tx) => {
      const [application] = await tx.insert(applications).values({ representativePersonalId: '38001085718', companyName: 'Näidis OÜ' }).returning();
      await repository.enqueue({ ...message('committed@example.com'), processId: application?.processId }, tx);
      return application?.processId;
    });

    const rows = await repository.listRecent({ limit: 10 });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ recipient: 'committed@example.com', processId, status: 'PENDING', attempts: 0, sentAt: null });
  });

  it('claims due messages oldest first, leases them, and does not hand them out again', async () => {
    const repository = createOutboxRepository(database.db, policy);
    for (const recipient of ['a@example.com', 'b@example.com', 'c@example.com']) {
      await repository.enqueue(message(recipient));
      advance(1);
    }

    const first = await repository.claimDue(2);
    expect(first.map((row) => row.recipient)).toEqual(['a@example.com', 'b@example.com']);
    expect(first.every((row) => row.attempts === 1 && row.nextAttemptAt.getTime() === clock.getTime() + policy.leaseMs)).toBe(true);

    const second = await repository.claimDue(10);
    expect(second.map((row) => row.recipient)).toEqual(['c@example.com']);
    expect(await repository.claimDue(10)).toEqual([]);

    // A sender that died holding its claim: once the lease is over, another takes the rows.
    advance(policy.leaseMs);
    expect((await repository.claimDue(10)).map((row) => row.recipient)).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
  });

  it('does not claim sent messages', async () => {
    const repository = createOutboxRepository(database.db, policy);
    const row = await repository.enqueue(message('sent@example.com'));
    const [claimed] = await repository.claimDue(1);
    expect(claimed?.id).toBe(row.id);
    await repository.markSent(row.id);
    const sentAt = clock;
    advance(policy.leaseMs);
    expect(await repository.claimDue(10)).toEqual([]);
    const [listed] = await repository.listRecent({ limit: 1 });
    expect(listed).toMatchObject({ status: 'SENT', sentAt, attempts: 1 });
  });

  it('backs off with a doubling delay after each failure, capped, and gives up after the last attempt keeping the error', async () => {
    const repository = createOutboxRepository(database.db, policy);
    const { id } = await repository.enqueue(message('failing@example.com'));
    const delays: number[] = [];

    for (let attempt = 1; attempt <= policy.maxAttempts; attempt += 1) {
      const [claimed] = await repository.claimDue(10);
      expect(claimed?.attempts).toBe(attempt);
      const outcome = await repository.markFailed(id, `550 rejected, attempt ${attempt}`);
      if (attempt < policy.maxAttempts) {
        expect(outcome.willRetry).toBe(true);
        const delay = (outcome.nextAttemptAt?.getTime() ?? 0) - clock.getTime();
        delays.push(delay);
        // Not due before the delay is over.
        advance(delay - 1);
        expect(await repository.claimDue(10)).toEqual([]);
        advance(1);
      } else {
        expect(outcome).toEqual({ willRetry: false, nextAttemptAt: null });
      }
    }
    expect(delays).toEqual([1000, 2000, 4000]);

    advance(policy.retryMaxMs * 10);
    expect(await repository.claimDue(10)).toEqual([]);
    const [row] = await repository.listRecent({ limit: 1 });
    expect(row).toMatchObject({ status: 'FAILED', attempts: 4, lastError: '550 rejected, attempt 4', sentAt: null });
  });

  it('caps the retry delay at retryMaxMs', async () => {
    const repository = createOutboxRepository(database.db, { ...policy, maxAttempts: 10 });
    const { id } = await repository.enqueue(message('slow@example.com'));
    await database.db.update(mailOutbox).set({ attempts: 6 }).where(eq(mailOutbox.id, id));
    await repository.claimDue(1);
    const outcome = await repository.markFailed(id, 'timeout');
    expect((outcome.nextAttemptAt?.getTime() ?? 0) - clock.getTime()).toBe(policy.retryMaxMs);
  });

  it('releases claimed messages without counting an attempt', async () => {
    const repository = createOutboxRepository(database.db, policy);
    await repository.enqueue(message('released@example.com'));
    const claimed = await repository.claimDue(1);
    await repository.release(claimed.map((row) => row.id));
    const [again] = await repository.claimDue(1);
    expect(again).toMatchObject({ recipient: 'released@example.com', attempts: 1 });
  });

  it('lists newest first, filtered by recipient', async () => {
    const repository = createOutboxRepository(database.db, policy);
    for (const recipient of ['one@example.com', 'two@example.com', 'one@example.com']) await repository.enqueue(message(recipient));
    const all = await repository.listRecent({ limit: 10 });
    expect(all.map((row) => row.recipient)).toEqual(['one@example.com', 'two@example.com', 'one@example.com']);
    expect(all[0]!.id).toBeGreaterThan(all[1]!.id);
    expect(await repository.listRecent({ limit: 10, recipient: 'two@example.com' })).toHaveLength(1);
    expect(await repository.listRecent({ limit: 2 })).toHaveLength(2);
  });

  // PGlite has one connection, so no claim ever meets another's lock there; only a server shows SKIP LOCKED at work.
  it.runIf(process.env.DATABASE_URL)('skips rows another transaction holds locked instead of waiting for them', async () => {
    const repository = createOutboxRepository(database.db, policy);
    const held = await repository.enqueue(message('held@example.com'));
    const free = await repository.enqueue(message('free@example.com'));
    await database.db.transaction(async (tx) => {
      await tx.select().from(mailOutbox).where(eq(mailOutbox.id, held.id)).for('update');
      const claimed = await repository.claimDue(10);
      expect(claimed.map((row) => row.id)).toEqual([free.id]);
    });
  });
});
