import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevWebhooksRoutes, type DevWebhookEvent } from './dev-webhooks-routes.js';
import type { EventEntry } from './events-repository.js';

const hostile = '<script>alert("x")</script>&\'';

const entry = (overrides: Partial<EventEntry>): EventEntry => ({
  id: 1,
  eventId: '0b6f3c8e-6d1a-4c8e-9a51-2f1e2d3c4b5a',
  processId: '5f0c6a8e-1b2c-4d3e-8f90-a1b2c3d4e5f6',
  type: 'ee.onboarding.application.submitted.v1',
  event: { data: { company: { name: hostile } } },
  createdAt: new Date('2026-11-27T10:00:00Z'),
  attempts: 0,
  nextAttemptAt: new Date('2026-11-27T10:00:00Z'),
  deliveredAt: null,
  lastError: null,
  status: 'PENDING',
  ...overrides,
});

const entries: EventEntry[] = [
  entry({ id: 3, attempts: 2, lastError: `HTTP 500: ${hostile}`, nextAttemptAt: new Date('2026-11-27T10:00:10Z') }),
  entry({ id: 2, attempts: 1, deliveredAt: new Date('2026-11-27T10:00:01Z'), status: 'DELIVERED' }),
  entry({ id: 1 }),
];

let app: FastifyInstance;
let requestedLimit = 0;

beforeAll(async () => {
  app = Fastify();
  const repository = {
    listRecent: async (limit: number) => {
      requestedLimit = limit;
      return entries;
    },
  };
  await app.register(createDevWebhooksRoutes(repository, { url: 'http://127.0.0.1:4000/hooks?a=1&b=2', secret: 'whsec_c2VjcmV0' }));
});

afterAll(async () => {
  await app.close();
});

describe('GET /dev/webhooks', () => {
  it('lists the outbox newest first with status, attempts and last error, where events go and the secret', async () => {
    const response = await app.inject({ url: '/dev/webhooks?limit=7' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(requestedLimit).toBe(7);
    const statuses = [...response.body.matchAll(/class="status-(\w+)">([^<]*)</g)].map((match) => [match[1], match[2]]);
    expect(statuses).toEqual([
      ['PENDING', 'pending, 2 attempts so far, next at 2026-11-27T10:00:10.000Z'],
      ['DELIVERED', 'delivered 2026-11-27T10:00:01.000Z after 1 attempts'],
      ['PENDING', 'pending'],
    ]);
    expect(response.body).toContain('<code>http://127.0.0.1:4000/hooks?a=1&amp;b=2</code>');
    expect(response.body).toContain('<code>whsec_c2VjcmV0</code>');
  });

  it('escapes everything taken from the outbox, and has no inline style or script', async () => {
    const response = await app.inject({ url: '/dev/webhooks' });
    expect(response.body).not.toContain('<script');
    expect(response.body).toContain('HTTP 500: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
    expect(response.body).not.toMatch(/<style|style=/);
    const css = await app.inject({ url: '/dev/webhooks/webhooks.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('answers the same as JSON', async () => {
    const events = (await app.inject({ url: '/dev/webhooks/events.json' })).json() as DevWebhookEvent[];
    expect(events.map((event) => [event.id, event.status, event.attempts])).toEqual([
      [3, 'PENDING', 2],
      [2, 'DELIVERED', 1],
      [1, 'PENDING', 0],
    ]);
  });
});
