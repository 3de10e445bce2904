import type { Locale } from '@onboarding/domain';
import { escapeHtml } from './escape-html.js';

/** A paragraph (its lines are kept apart) or a link on a line of its own. */
export type MailBlock = { kind: 'paragraph'; lines: readonly string[] } | { kind: 'link'; href: string };

/** What a template says, in one language; the layout turns it into the plain text and the HTML part. */
export type MailContent = { subject: string; blocks: readonly MailBlock[] };

export type RenderedMail = { subject: string; text: string; html: string };

export const paragraph = (...lines: string[]): MailBlock => ({ kind: 'paragraph', lines });
export const link = (href: string): MailBlock => ({ kind: 'link', href });

/**
 * Both parts come from the same blocks, so they cannot say different things,
 * and every string is escaped here, so a template cannot forget to.
 * No styles: mail clients strip most of them and the dev mailbox's CSP blocks inline ones.
 */
export function renderLayout(language: Locale, content: MailContent): RenderedMail {
  const text = content.blocks.map((block) => (block.kind === 'link' ? block.href : block.lines.join('\n'))).join('\n\n');
  const body = content.blocks
    .map((block) =>
      block.kind === 'link'
        ? `<p><a href="${escapeHtml(block.href)}">${escapeHtml(block.href)}</a></p>`
        : `<p>${block.lines.map(escapeHtml).join('<br>\n')}</p>`,
    )
    .join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="${language}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title>`,
    '</head>',
    '<body>',
    body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { subject: content.subject, text: `${text}\n`, html };
}
