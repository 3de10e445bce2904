import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A file that came with a mail, as mailparser decodes it. */
export type ReceivedAttachment = { filename: string | undefined; contentType: string; content: Buffer };

export type ReceivedMail = {
  envelopeTo: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  attachments: ReceivedAttachment[];
};

export type TestSmtpServer = {
  url: string;
  received: ReceivedMail[];
  /** Recipients answered with 550 while listed. */
  rejected: Set<string>;
  /** Time the server takes to accept each message's data. */
  dataDelayMs: number;
  /** Messages whose data has begun to arrive. */
  dataStarted: number;
  close(): Promise<void>;
};

/** A real SMTP server on a free local port (or the given one): plain text, no authentication. */
export async function startSmtpServer(options: { port?: number } = {}): Promise<TestSmtpServer> {
  const state = { received: [] as ReceivedMail[], rejected: new Set<string>(), dataDelayMs: 0, dataStarted: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!state.rejected.has(address.address)) return callback();
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      state.dataStarted += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          parseMail(
            Buffer.concat(chunks),
            session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ).then(
            (mail) => {
              state.received.push(mail);
              callback();
            },
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
          );
        }, state.dataDelayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    // A taken port fails the start rather than the process.
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  });
}

/** Parses with mailparser; `headers` keeps each header's raw value (unfolded, encoded words as sent), last one wins. */
async function parseMail(raw: Buffer, envelopeTo: string[]): Promise<ReceivedMail> {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  const headers = new Map<string, string>();
  for (const { key, line } of parsed.headerLines)
    headers.set(
      key,
      line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    );
  return {
    envelopeTo,
    headers,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: parsed.html || '',
    attachments: parsed.attachments.map((attachment) => ({ filename: attachment.filename, contentType: attachment.contentType, content: attachment.content })),
  };
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Encoded words (RFC 2047) of a header, as nodemailer writes them for non-ASCII text. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, kind: string, data: string) =>
      kind.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replaceAll('_', ' ')),
    );
}
