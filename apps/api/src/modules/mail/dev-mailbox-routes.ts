import type { FastifyPluginAsync } from 'fastify';
import { devPageRoutes } from '../../plugins/dev-page.js';
import type { OutboxEntry, OutboxRepository } from './outbox-repository.js';
import { escapeHtml } from './templates/escape-html.js';

export const DEV_MAILBOX_PATH = '/dev/mailbox';

/*
 * Each mail's HTML is shown in an iframe with an empty sandbox (no scripts, an
 * origin of its own); srcdoc needs no request, so frame-src 'self' allows it.
 */
const styles = `iframe { border: 1px solid #ddd; width: 100%; height: 24rem; background: #fff; }
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
  return devPageRoutes({
    path: DEV_MAILBOX_PATH,
    title: 'Dev mailbox',
    jsonName: 'messages.json',
    stylesheetName: 'mailbox.css',
    styles,
    list: async (limit, query) => {
      const recipient = typeof query.recipient === 'string' && query.recipient !== '' ? query.recipient : undefined;
      return (await repository.listRecent(recipient === undefined ? { limit } : { limit, recipient })).map(toMessage);
    },
    render: renderContent,
  });
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

function renderContent(messages: DevMailboxMessage[]): string {
  const body = messages.length === 0 ? '<p>No mail yet.</p>' : messages.map(renderMessage).join('\n');
  return `<p>Mail in the outbox, newest first (${messages.length} shown). Without SMTP_URL nothing is sent: mail stays pending here. <a href="${DEV_MAILBOX_PATH}">Refresh</a></p>
${body}`;
}
