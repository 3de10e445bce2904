import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { mailboxKeyOf } from './mailbox-key.js';
import type { OutboxRepository } from './outbox-repository.js';

/** At most `max` mails of one template to one application, to one mailbox, or asked for by one person, within `windowSeconds`. */
export type SendLimit = { per: 'APPLICATION' | 'MAILBOX' | 'PERSON'; max: number; windowSeconds: number };

/** The mail a limit counts: its application and the person who asked for it, where it has them. */
export type LimitedMail = { template: string; to: string; processId?: string; personKey?: string };

// Any fixed number, other than the migrations' lock (db/database.ts): the key space of these locks.
const SEND_LIMIT_LOCKS = 7_246_002;

/** A transaction-scoped advisory lock: held until the transaction ends, on PGlite and PostgreSQL alike. */
async function lock(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEND_LIMIT_LOCKS}, hashtext(${key}))`);
}

function filterOf(limit: SendLimit, mail: LimitedMail, recipientKey: string) {
  switch (limit.per) {
    case 'APPLICATION':
      if (!mail.processId) throw new Error('A limit per application needs the mail’s application.');
      return { template: mail.template, processId: mail.processId };
    case 'PERSON':
      if (!mail.personKey) throw new Error('A limit per person needs the person who asked for the mail.');
      return { template: mail.template, personKey: mail.personKey };
    case 'MAILBOX':
      return { template: mail.template, recipientKey };
  }
}

/**
 * Refuses a mail beyond its limits with 429 RATE_LIMITED and retryAfterSeconds,
 * the time until the oldest mail that keeps it over a limit leaves its window.
 * The count is of the outbox's rows, so every instance on one database shares
 * it. Call it in the transaction that then enqueues the mail: it first locks the
 * person, then the application and then the mailbox until that transaction ends
 * (always in that order, so two requests cannot deadlock), so concurrent requests
 * count one after another, each seeing the mail the other enqueued, and a refusal
 * enqueues nothing.
 */
export async function assertWithinSendLimits(
  tx: Executor,
  repository: Pick<OutboxRepository, 'secondsUntilLeavingWindow'>,
  mail: LimitedMail,
  limits: readonly SendLimit[],
): Promise<void> {
  const recipientKey = mailboxKeyOf(mail.to);
  if (mail.personKey) await lock(tx, `person:${mail.personKey}`);
  if (mail.processId) await lock(tx, `application:${mail.processId}`);
  await lock(tx, `mailbox:${recipientKey}`);
  let retryAfterSeconds = 0;
  for (const limit of limits) {
    const leaving = await repository.secondsUntilLeavingWindow(filterOf(limit, mail, recipientKey), limit.windowSeconds, tx);
    if (leaving.length < limit.max) continue;
    // Under the limit again once all but max - 1 of them have left: when the (count - max + 1)th oldest leaves.
    const wait = leaving[leaving.length - limit.max] ?? limit.windowSeconds;
    retryAfterSeconds = Math.max(retryAfterSeconds, wait, 1);
  }
  if (retryAfterSeconds > 0) {
    throw new AppError('RATE_LIMITED', {
      message: 'Too many e-mails for this application, to this address or for this person. Try again later.',
      retryAfterSeconds,
    });
  }
}
