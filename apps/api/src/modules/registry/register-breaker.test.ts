import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerBreaker } from '../../db/schema.js';
import { createTestDatabase } from '../../test/database.js';
import { breakerClient, DEFAULT_BREAKER_POLICY } from './register-breaker.js';
import type { RegisterMetrics } from './register-metrics.js';
import type { RikAnswer, RikClient } from './rik/client.js';
import { isRikError, RikError, type RikFailure } from './rik/errors.js';

/**
 * The register's breaker over one database row (docs/decisions/0035), with a fake clock and a fake register, on
 * PGlite and on PostgreSQL (DATABASE_URL).
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let clock = 0;
const now = () => new Date(Date.UTC(2026, 10, 28, 10) + clock);
const later = (ms: number) => {
  clock += ms;
};

/** A register that answers as told and counts what it is asked. */
const fakeRegister = () => {
  const state = { asked: 0, failure: undefined as RikFailure | undefined };
  const client: RikClient = {
    call: async (operation) => {
      state.asked += 1;
      if (state.failure) throw new RikError(operation, state.failure);
      const answer: RikAnswer = { keha: {}, evidence: { operation, queriedAt: now().toISOString(), paring: {}, keha: {} } };
      return answer;
    },
  };
  return { state, client };
};

const counted = () => {
  const counts = { opened: 0, refused: 0 };
  const metrics: RegisterMetrics = {
    query: () => undefined,
    cache: () => undefined,
    breakerOpened: () => (counts.opened += 1),
    breakerRefused: () => (counts.refused += 1),
  };
  return { counts, metrics };
};

const instance = (client: RikClient, metrics?: RegisterMetrics) =>
  breakerClient(client, { db: database.db, timeoutMs: 1000, now, ...(metrics ? { metrics } : {}) });

const outcomeOf = async (client: RikClient): Promise<string> => {
  try {
    await client.call('detailandmed_v2', []);
    return 'ok';
  } catch (error) {
    if (!isRikError(error)) throw error;
    expect(error.apiCode).toBe('REGISTER_UNAVAILABLE');
    return error.failure.kind;
  }
};

const unreachable: RikFailure = { kind: 'UNREACHABLE', reason: 'connect ECONNREFUSED' };

beforeAll(async () => {
  database = await createTestDatabase();
});

beforeEach(async () => {
  await database.db.delete(registerBreaker);
  clock += 3_600_000;
});

afterAll(async () => {
  await database.drop();
});

describe('the register breaker', () => {
  it('opens after five outages in a row, refuses at once for the cool-down, then lets one trial close it', async () => {
    const register = fakeRegister();
    const { counts, metrics } = counted();
    const client = instance(register.client, metrics);
    register.state.failure = unreachable;
    for (let failure = 0; failure < 5; failure += 1) expect(await outcomeOf(client)).toBe('UNREACHABLE');
    expect(counts.opened).toBe(1);

    expect(await outcomeOf(client)).toBe('BREAKER_OPEN');
    later(DEFAULT_BREAKER_POLICY.coolDownMs - 1);
    expect(await outcomeOf(client)).toBe('BREAKER_OPEN');
    expect(register.state.asked).toBe(5);
    expect(counts.refused).toBe(2);

    register.state.failure = undefined;
    later(1);
    expect(await outcomeOf(client)).toBe('ok');
    expect(await outcomeOf(client)).toBe('ok');
    expect(register.state.asked).toBe(7);
  });

  it('opens again at once when the trial fails', async () => {
    const register = fakeRegister();
    const { counts, metrics } = counted();
    const client = instance(register.client, metrics);
    register.state.failure = { kind: 'TIMEOUT', timeoutMs: 1000 };
    for (let failure = 0; failure < 5; failure += 1) await outcomeOf(client);
    later(DEFAULT_BREAKER_POLICY.coolDownMs);
    register.state.failure = { kind: 'HTTP_STATUS', status: 503 };
    expect(await outcomeOf(client)).toBe('HTTP_STATUS');
    expect(counts.opened).toBe(2);
    expect(await outcomeOf(client)).toBe('BREAKER_OPEN');
    expect(register.state.asked).toBe(6);
  });

  it('counts only outages in a row within a minute: an answer, a fault or a long quiet start the count again', async () => {
    const register = fakeRegister();
    const client = instance(register.client);
    const fail = async (times: number) => {
      register.state.failure = unreachable;
      for (let failure = 0; failure < times; failure += 1) expect(await outcomeOf(client)).toBe('UNREACHABLE');
    };
    await fail(4);
    register.state.failure = undefined;
    expect(await outcomeOf(client)).toBe('ok');
    await fail(4);
    // The register answered, with a fault: it is there.
    register.state.failure = { kind: 'FAULT', faultCode: 'SOAP-ENV:Server', faultString: 'Päring ebaõnnestus' };
    expect(await outcomeOf(client)).toBe('FAULT');
    register.state.failure = { kind: 'HTTP_STATUS', status: 404 };
    expect(await outcomeOf(client)).toBe('HTTP_STATUS');
    await fail(4);
    later(DEFAULT_BREAKER_POLICY.failureWindowMs + 1);
    await fail(4);
    expect(register.state.asked).toBe(4 + 1 + 4 + 2 + 4 + 4);
  });

  it('is shared by the instances on one database, and only one of them sends the trial', async () => {
    const register = fakeRegister();
    const first = instance(register.client);
    const second = instance(register.client);
    register.state.failure = unreachable;
    // The second instance read the row while it was closed: it trusts that for a second.
    expect(await outcomeOf(second)).toBe('UNREACHABLE');
    for (let failure = 0; failure < 4; failure += 1) await outcomeOf(first);
    expect(await outcomeOf(first)).toBe('BREAKER_OPEN');
    later(DEFAULT_BREAKER_POLICY.rowReuseMs);
    expect(await outcomeOf(second)).toBe('BREAKER_OPEN');
    expect(register.state.asked).toBe(5);

    // After the cool-down, the register slow to answer the trial: the other instance waits for it.
    later(DEFAULT_BREAKER_POLICY.coolDownMs);
    register.state.failure = undefined;
    let answerTrial = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      answerTrial = resolve;
    });
    const slow: RikClient = { call: async (operation, fields) => held.then(() => register.client.call(operation, fields)) };
    const trial = outcomeOf(instance(slow));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await outcomeOf(second)).toBe('BREAKER_OPEN');
    answerTrial();
    expect(await trial).toBe('ok');
    later(DEFAULT_BREAKER_POLICY.rowReuseMs);
    expect(await outcomeOf(second)).toBe('ok');
  });
});
