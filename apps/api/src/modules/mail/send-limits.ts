import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { mailboxKeyOf } from './mailbox-key.js';
import type { OutboxRepository } from './outbox-repository.js';

/** At most `max` mails of one template to one application, or to one mailbox, within `windowSeconds`. */
export type SendLimit = { per: 'APPLICATION' | 'MAILBOX'; max: number; windowSeconds: number };

// Any fixed number, other than the migrations' lock (db/database.ts): the key space of these locks.
const SEND_LIMIT_LOCKS = 7_246_002;

/** A transaction-scoped advisory lock: held until the transaction ends, on PGlite and PostgreSQL alike. */
async function lock(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEND_LIMIT_LOCKS}, hashtext(${key}))`);
}

/**
 * Refuses a mail beyond its limits with 429 RATE_LIMITED and retryAfterSeconds,
 * the time until the oldest mail that keeps it over a limit leaves its window.
 * The count is of the outbox's rows, so every instance on one database shares
 * it. Call it in the transaction that then enqueues the mail: it first locks the
 * application and then the mailbox until that transaction ends (always in that
 * order, so two requests cannot deadlock), so concurrent requests count one after
 * another, each seeing the mail the other enqueued, and a refusal enqueues nothing.
 */
export async function assertWithinSendLimits(
  tx: Db,
  repository: Pick<OutboxRepository, 'secondsUntilLeavingWindow'>,
  mail: { template: string; processId: string; to: string },
  limits: readonly SendLimit[],
): Promise<void> {
  const recipientKey = mailboxKeyOf(mail.to);
  await lock(tx, `application:${mail.processId}`);
  await lock(tx, `mailbox:${recipientKey}`);
  let retryAfterSeconds = 0;
  for (const limit of limits) {
    const filter = limit.per === 'APPLICATION' ? { template: mail.template, processId: mail.processId } : { template: mail.template, recipientKey };
    const leaving = await repository.secondsUntilLeavingWindow(filter, limit.windowSeconds, tx);
    if (leaving.length < limit.max) continue;
    // Under the limit again once all but max - 1 of them have left: when the (count - max + 1)th oldest leaves.
    const wait = leaving[leaving.length - limit.max] ?? limit.windowSeconds;
    retryAfterSeconds = Math.max(retryAfterSeconds, wait, 1);
  }
  if (retryAfterSeconds > 0) {
    throw new AppError('RATE_LIMITED', { message: 'Too many e-mails for this application or to this address. Try again later.', retryAfterSeconds });
  }
}
