import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { envelopeTo: string[]; headers: Map<string, string>; subject: string; text: string; html: string };

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
          state.received.push(parseMail(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((rcpt) => rcpt.address)));
          callback();
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

/** Just enough MIME for what nodemailer writes: headers, multipart/alternative, quoted-printable or base64, encoded words. */
function parseMail(raw: string, envelopeTo: string[]): ReceivedMail {
  const parts = parseEntity(raw);
  const top = parts[0]?.headers ?? new Map<string, string>();
  return {
    envelopeTo,
    headers: top,
    subject: decodeWords(top.get('subject') ?? ''),
    text: parts.find((part) => part.contentType.startsWith('text/plain'))?.body ?? '',
    html: parts.find((part) => part.contentType.startsWith('text/html'))?.body ?? '',
  };
}

function parseEntity(raw: string): { headers: Map<string, string>; contentType: string; body: string }[] {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (contentType.startsWith('multipart/') && boundary) {
    const children = body.split(`--${boundary}`).slice(1, -1);
    return [{ headers, contentType, body: '' }, ...children.flatMap((child) => parseEntity(child.replace(/^\r?\n/, '')))];
  }
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return [{ headers, contentType, body: decoded }];
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

