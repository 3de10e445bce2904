// Brings in @fastify/swagger's `schema.hide`, which keeps these routes out of the OpenAPI document.
import type {} from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import { escapeHtml } from '../mail/templates/escape-html.js';
import type { EventEntry, EventsRepository } from './events-repository.js';

export const DEV_WEBHOOKS_PATH = '/dev/webhooks';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

// No inline style (the CSP allows our own origin only): a stylesheet served here.
const stylesheet = `body { font-family: system-ui, sans-serif; margin: 1rem auto; max-width: 60rem; padding: 0 1rem; }
article { border: 1px solid #ccc; border-radius: 4px; margin: 1rem 0; padding: 0.5rem 1rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dt { font-weight: bold; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f6f6; padding: 0.5rem; }
code { overflow-wrap: anywhere; }
.status-DELIVERED { color: #1a7f37; }
.status-PENDING { color: #9a6700; }
`;

export type DevWebhookEvent = {
  id: number;
  eventId: string;
  processId: string;
  type: string;
  status: EventEntry['status'];
  attempts: number;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string;
  deliveredAt: string | null;
  event: Record<string, unknown>;
};

export type DevWebhooksSettings = {
  /** WEBHOOK_URL, or undefined when events are not sent. */
  url: string | undefined;
  /** The signing secret a developer's receiver needs: shown here, as simulated mode exists to be tried. */
  secret: string | undefined;
};

/**
 * GET /dev/webhooks (HTML) and /dev/webhooks/events.json: the event outbox,
 * newest first, with where events go and the secret that signs them. For
 * simulated mode only (registered where /dev/mailbox is). Query: `limit`
 * (default 50, at most 500).
 */
export function createDevWebhooksRoutes(repository: Pick<EventsRepository, 'listRecent'>, settings: DevWebhooksSettings): FastifyPluginAsync {
  return async (app) => {
    const list = async (query: unknown): Promise<DevWebhookEvent[]> => (await repository.listRecent(limitOf(query))).map(toEvent);

    app.get(DEV_WEBHOOKS_PATH, { schema: { hide: true } }, async (request, reply) => {
      const events = await list(request.query);
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderPage(events, settings));
    });

    app.get(`${DEV_WEBHOOKS_PATH}/events.json`, { schema: { hide: true } }, async (request, reply) => {
      const events = await list(request.query);
      return reply.header('cache-control', 'no-store').send(events);
    });

    app.get(`${DEV_WEBHOOKS_PATH}/webhooks.css`, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').send(stylesheet),
    );
  };
}

/** Lenient on purpose: a developer tool, independent of the app's validator. */
function limitOf(query: unknown): number {
  const values = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>;
  const requested = typeof values.limit === 'string' ? Number.parseInt(values.limit, 10) : Number.NaN;
  return Number.isFinite(requested) && requested > 0 ? Math.min(requested, MAX_LIMIT) : DEFAULT_LIMIT;
}

function toEvent(row: EventEntry): DevWebhookEvent {
  return {
    id: row.id,
    eventId: row.eventId,
    processId: row.processId,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    event: row.event,
  };
}

function describeStatus(event: DevWebhookEvent): string {
  if (event.status === 'DELIVERED') return `delivered ${event.deliveredAt ?? ''} after ${String(event.attempts)} attempts`;
  if (event.attempts === 0) return 'pending';
  return `pending, ${String(event.attempts)} attempts so far, next at ${event.nextAttemptAt}`;
}

function renderEvent(event: DevWebhookEvent): string {
  const e = escapeHtml;
  return `<article aria-labelledby="event-${String(event.id)}">
<h2 id="event-${String(event.id)}">${e(event.type)}</h2>
<dl>
<dt>Event id</dt><dd><code>${e(event.eventId)}</code></dd>
<dt>Application</dt><dd><code>${e(event.processId)}</code></dd>
<dt>Created</dt><dd><time datetime="${e(event.createdAt)}">${e(event.createdAt)}</time></dd>
<dt>Status</dt><dd class="status-${event.status}">${e(describeStatus(event))}</dd>
${event.lastError ? `<dt>Last error</dt><dd>${e(event.lastError)}</dd>` : ''}
</dl>
<details><summary>CloudEvent</summary><pre>${e(JSON.stringify(event.event, null, 2))}</pre></details>
</article>`;
}

function renderPage(events: DevWebhookEvent[], settings: DevWebhooksSettings): string {
  const e = escapeHtml;
  const target = settings.url
    ? `<p>Events are POSTed to <code>${e(settings.url)}</code>, signed per Standard Webhooks.</p>`
    : '<p>WEBHOOK_URL is not set: nothing is sent, events stay pending here.</p>';
  const secret = settings.secret ? `<p>Signing secret (WEBHOOK_SECRET): <code>${e(settings.secret)}</code></p>` : '';
  const body = events.length === 0 ? '<p>No events yet.</p>' : events.map(renderEvent).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev webhooks</title>
<link rel="stylesheet" href="${DEV_WEBHOOKS_PATH}/webhooks.css">
</head>
<body>
<main>
<h1>Dev webhooks</h1>
${target}
${secret}
<p>Events in the outbox, newest first (${String(events.length)} shown). <a href="${DEV_WEBHOOKS_PATH}">Refresh</a></p>
${body}
</main>
</body>
</html>
`;
}
