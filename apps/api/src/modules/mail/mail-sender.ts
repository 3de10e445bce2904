import type { FastifyBaseLogger } from 'fastify';
import { createOutboxPoller, type OutboxPoller } from '../../db/outbox-poller.js';
import type { OutboxRepository, OutboxRow } from './outbox-repository.js';

/** A file sent with a mail, in nodemailer's shape. */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  attachments?: MailAttachment[];
};

/** What the sender needs of a nodemailer transporter; tests may hand in their own. */
export type MailTransport = {
  sendMail(mail: OutgoingMail): Promise<unknown>;
  close(): void;
};

export type MailLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type FlushResult = { sent: number; failed: number };

export type MailSenderOptions = {
  repository: Pick<OutboxRepository, 'claimDue' | 'markSent' | 'markFailed' | 'release' | 'policy'>;
  /** Undefined when SMTP_URL is unset: nothing is sent and mail stays in the outbox. */
  transport: MailTransport | undefined;
  /** MAIL_FROM, e.g. `Ettevõtte konto avamine <noreply@pank.ee>`. */
  from: string;
  intervalMs: number;
  logger: MailLogger;
  /** Messages claimed at a time. */
  batchSize?: number;
  /**
   * The files a message goes with, asked at each attempt: the outbox row keeps
   * only the text, so every instance and every retry sends the stored bytes as
   * they are then. A rejection counts as a failed attempt and is retried.
   */
  attachmentsFor?: (message: OutboxRow) => Promise<MailAttachment[]>;
};

/** Sends due mail every intervalMs; stop() waits for the message under way, hands the rest back and closes the transport. */
export type MailSender = OutboxPoller<FlushResult>;

const emptyResult = (): FlushResult => ({ sent: 0, failed: 0 });

/** The parts of a nodemailer error that say what went wrong without quoting anyone's address. */
function smtpCodes(error: unknown): { code?: unknown; responseCode?: unknown; command?: unknown } {
  if (typeof error !== 'object' || error === null) return {};
  const { code, responseCode, command } = error as Record<string, unknown>;
  return { code, responseCode, command };
}

export function createMailSender(options: MailSenderOptions): MailSender {
  const { repository, transport, from, intervalMs, logger } = options;
  const batchSize = options.batchSize ?? 10;
  const messageIdDomain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';

  async function sendOne(message: OutboxRow): Promise<boolean> {
    if (!transport) return false;
    try {
      const attachments = (await options.attachmentsFor?.(message)) ?? [];
      await transport.sendMail({
        from,
        to: message.recipient,
        subject: message.subject,
        text: message.text,
        html: message.html,
        // The same id on every attempt, so a mail sent twice (sent, but the process died
        // before markSent) can be recognised as one by the receiving side.
        messageId: `<outbox-${message.id}-${message.createdAt.getTime()}@${messageIdDomain}>`,
        ...(attachments.length > 0 ? { attachments } : {}),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const outcome = await repository.markFailed(message.id, reason);
      // The recipient's address is personal data and SMTP replies often quote it: the log
      // names the outbox row and the codes only; last_error in the row has the full reply.
      logger.warn({ outboxId: message.id, attempts: message.attempts, willRetry: outcome.willRetry, ...smtpCodes(error) }, 'mail not sent');
      return false;
    }
    await repository.markSent(message.id);
    logger.info({ outboxId: message.id }, 'mail sent');
    return true;
  }

  async function drain(signal: AbortSignal): Promise<FlushResult> {
    const result = emptyResult();
    while (!signal.aborted) {
      const batch = await repository.claimDue(batchSize);
      if (batch.length === 0) break;
      const claimedAt = performance.now();
      for (const [index, message] of batch.entries()) {
        // Past half the lease another sender may soon take these rows: hand the rest back rather than risk a double send.
        if (signal.aborted || performance.now() - claimedAt > repository.policy.leaseMs / 2) {
          await repository.release(batch.slice(index).map((row) => row.id));
          return result;
        }
        if (await sendOne(message)) result.sent += 1;
        else result.failed += 1;
      }
    }
    return result;
  }

  const poller = createOutboxPoller({ drain, nothing: emptyResult, isEnabled: transport !== undefined, intervalMs, logger, name: 'mail outbox' });
  return {
    ...poller,
    async stop() {
      await poller.stop();
      transport?.close();
    },
  };
}
