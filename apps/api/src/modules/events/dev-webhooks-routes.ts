import type { FastifyPluginAsync } from 'fastify';
import { devPageRoutes } from '../../plugins/dev-page.js';
import { escapeHtml } from '../mail/index.js';
import type { EventEntry, EventsRepository } from './events-repository.js';

export const DEV_WEBHOOKS_PATH = '/dev/webhooks';

const styles = `.status-DELIVERED { color: #1a7f37; }
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
  return devPageRoutes({
    path: DEV_WEBHOOKS_PATH,
    title: 'Dev webhooks',
    jsonName: 'events.json',
    stylesheetName: 'webhooks.css',
    styles,
    list: async (limit) => (await repository.listRecent(limit)).map(toEvent),
    render: (events) => renderContent(events, settings),
  });
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

function renderContent(events: DevWebhookEvent[], settings: DevWebhooksSettings): string {
  const e = escapeHtml;
  const target = settings.url
    ? `<p>Events are POSTed to <code>${e(settings.url)}</code>, signed per Standard Webhooks.</p>`
    : '<p>WEBHOOK_URL is not set: nothing is sent, events stay pending here.</p>';
  const secret = settings.secret ? `<p>Signing secret (WEBHOOK_SECRET): <code>${e(settings.secret)}</code></p>` : '';
  const body = events.length === 0 ? '<p>No events yet.</p>' : events.map(renderEvent).join('\n');
  return `${target}
${secret}
<p>Events in the outbox, newest first (${String(events.length)} shown). <a href="${DEV_WEBHOOKS_PATH}">Refresh</a></p>
${body}`;
}
