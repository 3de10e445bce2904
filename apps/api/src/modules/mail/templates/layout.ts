import type { Locale } from '@onboarding/domain';
import mjml2html from 'mjml';
import { escapeHtml } from './escape-html.js';

/** A paragraph (its lines are kept apart) or a link, drawn as a button named by what it does. */
export type MailBlock = { kind: 'paragraph'; lines: readonly string[] } | { kind: 'link'; href: string; label: string };

/** What a template says, in one language; the layout turns it into the plain text and the HTML part. */
export type MailContent = { subject: string; blocks: readonly MailBlock[] };

export type RenderedMail = { subject: string; text: string; html: string };

/** The bank's look in a mail (from the brand file, docs/decisions/0047). */
export type MailLook = {
  bankName: string;
  /** The logo as PNG at an address mail programs can fetch, and its size in CSS pixels. */
  logo: { url: string; width: number; height: number };
  colours: { primary: string; onPrimary: string; page: string };
  /** The brand's typeface first; mail programs that do not have it fall back to the system's. */
  fontFamily: string;
};

export const paragraph = (...lines: string[]): MailBlock => ({ kind: 'paragraph', lines });
export const link = (href: string, label: string): MailBlock => ({ kind: 'link', href, label });

const TEXT = '#17202e';
const TEXT_MUTED = '#4a5466';

/**
 * The HTML part opens with the subject as its heading; it has no landmarks of its own, as it is shown inside a mail
 * program's page, which has them. Both parts come from the same blocks, so they cannot say different things, and every string is escaped here, so a
 * template cannot forget to. The HTML is MJML's: tables and inline styles that Outlook, Gmail and phones draw alike,
 * one column that narrows with the screen. The plain text keeps every address written out in full.
 */
export async function renderLayout(language: Locale, content: MailContent, look: MailLook): Promise<RenderedMail> {
  const text = content.blocks.map((block) => (block.kind === 'link' ? block.href : block.lines.join('\n'))).join('\n\n');
  const preview = content.blocks.find((block, index) => index > 0 && block.kind === 'paragraph');
  const body = content.blocks
    .map((block) =>
      block.kind === 'link'
        ? `<mj-button href="${escapeHtml(block.href)}" align="left">${escapeHtml(block.label)}</mj-button>`
        : `<mj-text>${block.lines.map(escapeHtml).join('<br />')}</mj-text>`,
    )
    .join('\n');
  const source = `<mjml lang="${language}">
  <mj-head>
    <mj-title>${escapeHtml(content.subject)}</mj-title>
    ${preview?.kind === 'paragraph' ? `<mj-preview>${escapeHtml(preview.lines.join(' '))}</mj-preview>` : ''}
    <mj-attributes>
      <mj-all font-family="${escapeHtml(look.fontFamily)}" />
      <mj-text font-size="16px" line-height="24px" color="${TEXT}" padding="0 0 16px 0" />
      <mj-button background-color="${look.colours.primary}" color="${look.colours.onPrimary}" font-size="16px" font-weight="600" inner-padding="14px 24px" border-radius="6px" padding="4px 0 20px 0" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${look.colours.page}" width="600px">
    <mj-section padding="24px 16px 16px 16px">
      <mj-column>
        <mj-image src="${escapeHtml(look.logo.url)}" alt="${escapeHtml(look.bankName)}" width="${String(look.logo.width)}px" height="${String(look.logo.height)}px" align="left" padding="0" />
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="32px 24px 16px 24px">
      <mj-column>
        <mj-text padding="0 0 20px 0"><h1 style="margin:0;font-size:22px;line-height:28px;font-weight:700;color:${TEXT}">${escapeHtml(content.subject)}</h1></mj-text>
${body}
      </mj-column>
    </mj-section>
    <mj-section padding="16px 16px 32px 16px">
      <mj-column>
        <mj-text font-size="13px" line-height="20px" color="${TEXT_MUTED}" padding="0">${escapeHtml(look.bankName)}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  // Strict: a template that MJML would draw wrongly fails here, in the tests, not in someone's mailbox.
  const { html } = await mjml2html(source, { validationLevel: 'strict', keepComments: false });
  return { subject: content.subject, text: `${text}\n`, html };
}
