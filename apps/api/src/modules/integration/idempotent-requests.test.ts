import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/database.js';
import { clientAssertions, idempotentRequests } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { createTestDatabase } from '../../test/database.js';
import { createIdempotentRequests, IDEMPOTENCY_KEY_TTL_MS, idempotencyKeyOf, requestHashOf } from './idempotent-requests.js';

let database: Database & { drop: () => Promise<void> };
let clock: Date;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

beforeEach(async () => {
  await database.db.delete(idempotentRequests);
  await database.db.delete(clientAssertions);
  clock = new Date('2030-01-01T08:00:00Z');
});

const requests = () => createIdempotentRequests(database.db, () => clock);

/** A write the work makes, to see whether it was kept: one row per call. */
const writeOne = async (tx: Db, jti: string) => {
  await tx.insert(clientAssertions).values({ clientId: 'bank', jti, expiresAt: clock });
};
const writes = async () => (await database.db.select().from(clientAssertions)).map((row) => row.jti).sort();

const request = (key: string, body: unknown = { decision: 'FEE_PAID' }) => ({ clientId: 'bank', key, requestHash: requestHashOf(['POST', '/x', body]) });

describe('a write under an Idempotency-Key', () => {
  it('runs once; a repeat gets the first answer and writes nothing', async () => {
    let runs = 0;
    const work = async (tx: Db) => {
      runs += 1;
      await writeOne(tx, `run-${String(runs)}`);
      return { statusCode: 201, body: { run: runs } };
    };
    const first = await requests().once(request('key-1'), work);
    const second = await requests().once(request('key-1'), work);
    expect(first).toEqual({ statusCode: 201, body: { run: 1 }, isRepeat: false });
    expect(second).toEqual({ statusCode: 201, body: { run: 1 }, isRepeat: true });
    expect(runs).toBe(1);
    expect(await writes()).toEqual(['run-1']);
  });

  it('refuses the same key with another request, and keys are per client', async () => {
    await requests().once(request('key-1', { a: 1 }), async () => ({ statusCode: 201, body: {} }));
    await expect(requests().once(request('key-1', { a: 2 }), async () => ({ statusCode: 201, body: {} }))).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      statusCode: 422,
    });
    const other = await requests().once({ ...request('key-1', { a: 2 }), clientId: 'other-bank' }, async () => ({ statusCode: 201, body: { other: true } }));
    expect(other.isRepeat).toBe(false);
  });

  it('keeps a refusal of the work as the answer, and rolls back what the work wrote before it', async () => {
    let runs = 0;
    const work = async (tx: Db) => {
      runs += 1;
      await writeOne(tx, 'half-done');
      throw new AppError('STALE_VERSION', { currentVersion: 7 });
    };
    const first = await requests().once(request('key-2'), work);
    const second = await requests().once(request('key-2'), work);
    expect(first).toMatchObject({ statusCode: 409, body: { code: 'STALE_VERSION', currentVersion: 7 }, isRepeat: false });
    expect(second).toMatchObject({ statusCode: 409, body: { code: 'STALE_VERSION' }, isRepeat: true });
    expect(runs).toBe(1);
    expect(await writes()).toEqual([]);
  });

  it('keeps no rate limit as the answer: a retry after it runs the work again', async () => {
    await expect(
      requests().once(request('key-6'), async () => {
        throw new AppError('RATE_LIMITED', { retryAfterSeconds: 60 });
      }),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    const retry = await requests().once(request('key-6'), async () => ({ statusCode: 201, body: { ok: true } }));
    expect(retry).toEqual({ statusCode: 201, body: { ok: true }, isRepeat: false });
  });

  it('keeps nothing when the work fails unexpectedly: a retry runs it again', async () => {
    await expect(
      requests().once(request('key-3'), async (tx) => {
        await writeOne(tx, 'lost');
        throw new Error('database went away');
      }),
    ).rejects.toThrow('database went away');
    const retry = await requests().once(request('key-3'), async (tx) => {
      await writeOne(tx, 'kept');
      return { statusCode: 201, body: { ok: true } };
    });
    expect(retry.isRepeat).toBe(false);
    expect(await writes()).toEqual(['kept']);
  });

  it('runs the work once for two requests with one key at the same moment', async () => {
    let runs = 0;
    const work = async (tx: Db) => {
      runs += 1;
      await writeOne(tx, `run-${String(runs)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { statusCode: 201, body: { run: runs } };
    };
    const answers = await Promise.all([requests().once(request('key-4'), work), requests().once(request('key-4'), work)]);
    expect(runs).toBe(1);
    expect(answers.map((answer) => answer.body)).toEqual([{ run: 1 }, { run: 1 }]);
    expect(answers.filter((answer) => answer.isRepeat)).toHaveLength(1);
  });

  it('forgets a key after a day: the same key is then a new request', async () => {
    await requests().once(request('key-5'), async () => ({ statusCode: 201, body: { first: true } }));
    clock = new Date(clock.getTime() + IDEMPOTENCY_KEY_TTL_MS + 1000);
    const later = await requests().once(request('key-5', { another: 'request' }), async () => ({ statusCode: 201, body: { second: true } }));
    expect(later).toEqual({ statusCode: 201, body: { second: true }, isRepeat: false });
    expect(await requests().purgeExpired()).toBe(0);
  });
});

describe('the Idempotency-Key header', () => {
  it('takes visible ASCII of 1 to 255 characters and refuses anything else with a code', () => {
    expect(idempotencyKeyOf('2f1c0a6e-4a61-4c1b-9d58-0b1f3d1a9f00')).toBe('2f1c0a6e-4a61-4c1b-9d58-0b1f3d1a9f00');
    for (const bad of [undefined, '', ' ', 'a b', 'x'.repeat(256), 'ключ', ['a', 'b']]) {
      expect(() => idempotencyKeyOf(bad)).toThrow(expect.objectContaining({ code: 'IDEMPOTENCY_KEY_REQUIRED', statusCode: 400 }) as Error);
    }
  });
});
