// Brings in @fastify/swagger's `schema.hide`, which keeps these routes out of the OpenAPI document.
import type {} from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import type { OutboxEntry, OutboxRepository } from './outbox-repository.js';
import { escapeHtml } from './templates/escape-html.js';

export const DEV_MAILBOX_PATH = '/dev/mailbox';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

/*
 * The server's CSP allows styles and scripts from our own origin only, so the
 * page has no inline style or script: a stylesheet served here, no script at all.
 * Each mail's HTML is shown in an iframe with an empty sandbox (no scripts, an
 * origin of its own); srcdoc needs no request, so frame-src 'self' allows it.
 */
const stylesheet = `body { font-family: system-ui, sans-serif; margin: 1rem auto; max-width: 60rem; padding: 0 1rem; }
article { border: 1px solid #ccc; border-radius: 4px; margin: 1rem 0; padding: 0.5rem 1rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dt { font-weight: bold; }
dd { margin: 0; overflow-wrap: anywhere; }
iframe { border: 1px solid #ddd; width: 100%; height: 24rem; background: #fff; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f6f6; padding: 0.5rem; }
.status-SENT { color: #1a7f37; }
.status-PENDING { color: #9a6700; }
.status-FAILED { color: #cf222e; }
`;

export type DevMailboxMessage = {
  id: number;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  language: string;
  processId: string | null;
  status: OutboxEntry['status'];
  attempts: number;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string;
  sentAt: string | null;
  /** The http(s) links in the plain text part, so tests and people can follow them without parsing the mail. */
  links: string[];
};

/**
 * GET /dev/mailbox (HTML) and /dev/mailbox/messages.json: the outbox, newest
 * first. For simulated mode only (the app registers it only then): it shows
 * every mail with its link to anyone who can reach the server.
 * Query: `limit` (default 50, at most 500), `recipient` (exact address).
 */
export function createDevMailboxRoutes(repository: Pick<OutboxRepository, 'listRecent'>): FastifyPluginAsync {
  return async (app) => {
    const list = async (query: unknown): Promise<DevMailboxMessage[]> => {
      const rows = await repository.listRecent(parseQuery(query));
      return rows.map(toMessage);
    };

    app.get(DEV_MAILBOX_PATH, { schema: { hide: true } }, async (request, reply) => {
      const messages = await list(request.query);
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderPage(messages));
    });

    app.get(`${DEV_MAILBOX_PATH}/messages.json`, { schema: { hide: true } }, async (request, reply) => {
      const messages = await list(request.query);
      return reply.header('cache-control', 'no-store').send(messages);
    });

    app.get(`${DEV_MAILBOX_PATH}/mailbox.css`, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').send(stylesheet),
    );
  };
}

/** Lenient on purpose: a developer tool, and independent of the app's validator (it runs in a bare Fastify in tests too). */
function parseQuery(query: unknown): { limit: number; recipient?: string } {
  const values = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>;
  const requested = typeof values.limit === 'string' ? Number.parseInt(values.limit, 10) : Number.NaN;
  const limit = Number.isFinite(requested) && requested > 0 ? Math.min(requested, MAX_LIMIT) : DEFAULT_LIMIT;
  const recipient = typeof values.recipient === 'string' && values.recipient !== '' ? values.recipient : undefined;
  return recipient === undefined ? { limit } : { limit, recipient };
}

function toMessage(row: OutboxEntry): DevMailboxMessage {
  return {
    id: row.id,
    recipient: row.recipient,
    subject: row.subject,
    text: row.text,
    html: row.html,
    template: row.template,
    language: row.language,
    processId: row.processId,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    links: row.text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
  };
}

function describeStatus(message: DevMailboxMessage): string {
  if (message.status === 'SENT') return `sent ${message.sentAt ?? ''}`;
  if (message.status === 'FAILED') return `failed after ${message.attempts} attempts`;
  if (message.attempts === 0) return 'pending';
  return `pending, ${message.attempts} attempts so far, next at ${message.nextAttemptAt}`;
}

function renderMessage(message: DevMailboxMessage): string {
  const e = escapeHtml;
  const links = message.links.map((href) => `<li><a href="${e(href)}">${e(href)}</a></li>`).join('');
  return `<article aria-labelledby="message-${message.id}">
<h2 id="message-${message.id}">${e(message.subject)}</h2>
<dl>
<dt>To</dt><dd>${e(message.recipient)}</dd>
<dt>Created</dt><dd><time datetime="${e(message.createdAt)}">${e(message.createdAt)}</time></dd>
<dt>Status</dt><dd class="status-${message.status}">${e(describeStatus(message))}</dd>
${message.lastError ? `<dt>Last error</dt><dd>${e(message.lastError)}</dd>` : ''}
<dt>Template</dt><dd>${e(message.template)} (${e(message.language)})</dd>
</dl>
${links ? `<ul>${links}</ul>` : ''}
<iframe sandbox="" title="${e(`Message ${message.id}: ${message.subject}`)}" srcdoc="${e(message.html)}"></iframe>
<details><summary>Plain text</summary><pre>${e(message.text)}</pre></details>
</article>`;
}

function renderPage(messages: DevMailboxMessage[]): string {
  const body = messages.length === 0 ? '<p>No mail yet.</p>' : messages.map(renderMessage).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox</title>
<link rel="stylesheet" href="${DEV_MAILBOX_PATH}/mailbox.css">
</head>
<body>
<main>
<h1>Dev mailbox</h1>
<p>Mail in the outbox, newest first (${messages.length} shown). Without SMTP_URL nothing is sent: mail stays pending here. <a href="${DEV_MAILBOX_PATH}">Refresh</a></p>
${body}
</main>
</body>
</html>
`;
}
