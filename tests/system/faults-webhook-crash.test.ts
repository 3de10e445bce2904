import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { completeSteps, JAAK_KRISTJAN, OK_TESTNUMBER, type ApplicationSubject } from '@onboarding/domain/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import { createWebDist } from '../../apps/api/src/test/app.js';
import { freePort, killHard, startBuiltServer, type BuiltServer } from '../../apps/api/src/test/built-server.js';
import { postgresDatabaseFor } from '../../apps/api/src/test/postgres.js';
import { startWebhookReceiver } from '../../apps/api/src/test/webhook-receiver.js';

/**
 * The event outbox survives `kill -9`: the built server (`node
 * apps/api/dist/server.js`) takes two submissions over HTTP while the bank's
 * webhook is down, so their events wait in the outbox; it is killed with
 * SIGKILL; the webhook comes back; a new server on the same database delivers
 * every event, each once. Once on PGlite on disk, once on PostgreSQL.
 */

const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Answer = { status: number; body: Record<string, unknown> };

async function send(baseUrl: string, method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The browser's journey over HTTP: magic sign-in, the five steps, the simulated ID-card's signature. Answers the processId. */
async function submitOverHttp(baseUrl: string, subject: ApplicationSubject): Promise<string> {
  const { personalId } = subject.person;
  const token = (await send(baseUrl, 'POST', '/oauth2/v2/authorize/magic', undefined, { personalId })).body.accessToken as string;
  const consent = { email: 'krahh@example.ee', phone: '+372 5123 4567', hasConsentedToRegistryQueries: true, language: 'et' };
  expect((await send(baseUrl, 'PUT', '/onboarding/representative/personal-information', token, consent)).status).toBe(200);
  const created = await send(baseUrl, 'POST', '/onboarding/applications', token, {
    source: 'REGISTER',
    registryCode: subject.company.registryCode,
    registryCountryCode: 'EE',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const { processId } = created.body.application as { processId: string };
  let version = (created.body.application as { version: number }).version;
  for (const [step, data] of completeSteps(subject)) {
    const saved = await send(baseUrl, 'PUT', `/onboarding/applications/${processId}/steps/${step}`, token, { version, data });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    version = saved.body.version as number;
  }
  const { certificate } = (await send(baseUrl, 'GET', `/dev/id-card/signing-certificate?personalId=${personalId}`)).body as { certificate: string };
  const signing = `/onboarding/applications/${processId}/signing`;
  const started = await send(baseUrl, 'POST', signing, token, { method: 'ID_CARD', certificate });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { signingSessionId, hash } = started.body as { signingSessionId: string; hash: string };
  const { signature } = (await send(baseUrl, 'POST', '/dev/id-card/sign', undefined, { personalId, hash, hashType: 'SHA256' })).body as { signature: string };
  const finished = await send(baseUrl, 'POST', `${signing}/${signingSessionId}/id-card-signature`, token, { signature });
  expect(finished.body.state, JSON.stringify(finished.body)).toBe('SIGNED');
  return processId;
}

type OutboxEntry = { eventId: string; processId: string; status: string; attempts: number; lastError: string | null };

async function outboxOf(server: BuiltServer): Promise<OutboxEntry[]> {
  return (await (await fetch(`${server.baseUrl}/dev/webhooks/events.json`)).json()) as OutboxEntry[];
}

async function crashAndRestart(env: Record<string, string>): Promise<void> {
  const receiver = await startWebhookReceiver();
  cleanups.push(() => receiver.close());
  await receiver.down();
  const serverEnv = {
    ...env,
    WEB_DIST_DIR: createWebDist(),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'onboarding-webhook-crash-')),
    SIMULATOR_COMPLETION_DELAY_MS: '0',
    WEBHOOK_URL: receiver.url,
    WEBHOOK_SECRET: receiver.secret,
  };

  const first = await startBuiltServer(await freePort(), serverEnv);
  cleanups.push(() => killHard(first));
  const processIds = [await submitOverHttp(first.baseUrl, JAAK_KRISTJAN), await submitOverHttp(first.baseUrl, OK_TESTNUMBER)];
  // Each event has been tried against the webhook that is down, and waits for its next attempt.
  await expect
    .poll(async () => (await outboxOf(first)).map((entry) => entry.status === 'PENDING' && entry.attempts > 0 && entry.lastError !== null), { timeout: 15_000 })
    .toEqual([true, true]);
  await killHard(first);

  await receiver.up();
  const second = await startBuiltServer(await freePort(), serverEnv);
  cleanups.push(() => killHard(second));
  await expect.poll(() => receiver.received.length, { timeout: 120_000, interval: 200 }).toBe(2);
  await expect.poll(async () => (await outboxOf(second)).map((entry) => entry.status), { timeout: 10_000 }).toEqual(['DELIVERED', 'DELIVERED']);

  expect(receiver.refused).toEqual([]);
  expect(receiver.received.map(({ event }) => event.subject).sort()).toEqual([...processIds].sort());
  expect(receiver.received.every(({ event }) => event.type === 'ee.onboarding.application.submitted.v1')).toBe(true);
  expect(receiver.duplicates).toBe(0);
  await killHard(second);
}

describe('webhook events and SIGKILL', () => {
  it('PGlite on disk: events enqueued before the kill all arrive once the server is back', { timeout: 300_000 }, async () => {
    await crashAndRestart({});
  });

  it('PostgreSQL: events enqueued before the kill all arrive once the server is back', { timeout: 300_000 }, async (context) => {
    const database = await postgresDatabaseFor('onboarding_webhooks', 'webhook crash on PostgreSQL');
    if (!database) return context.skip();
    cleanups.push(() => database.drop());
    await crashAndRestart({ DATABASE_URL: database.url });
  });
});
