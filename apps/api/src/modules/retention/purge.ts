import { and, inArray, isNotNull, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import {
  applicationEvents,
  applications,
  authSessions,
  clientAssertions,
  contracts,
  eventOutbox,
  idCardChallenges,
  mailOutbox,
  rateLimitCounters,
  refreshTokens,
  registerAnswers,
  registerEvidence,
  signingSessions,
  userSessions,
} from '../../db/schema.js';

/**
 * The retention rule (docs/security.md DA6, docs/operations.md "Retention"): what the purge may delete, and when.
 * Signed and submitted applications, their contracts, signing sessions and history are never in it; nor are the
 * append-only authentication events.
 */
export type RetentionRule = {
  /** An application that was never submitted or signed, untouched this many days, is abandoned: it and its history go. */
  abandonedDays: number;
  /** Ended sessions and sign-ins, sent mail and delivered webhooks are kept this many days for support, then go. */
  operationalDays: number;
};

/** What one purge deleted, table by table. */
export type PurgeCounts = {
  abandonedApplications: number;
  applicationEvents: number;
  eventOutbox: number;
  userSessions: number;
  refreshTokens: number;
  authSessions: number;
  mailOutbox: number;
  idCardChallenges: number;
  clientAssertions: number;
  rateLimitCounters: number;
  /** The register's answers kept with the purged applications (docs/decisions/0035). */
  registerEvidence: number;
  /** The register's stored answers past their reuse time. */
  registerAnswers: number;
};

// One purge at a time across the instances that share the database; the others skip their turn.
const PURGE_LOCK_ID = 7_246_003;
// Applications purged per round: a round stays one short transaction; the next round takes the rest.
const APPLICATIONS_PER_ROUND = 500;

const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

/**
 * Applications nobody will come back to: in progress (or superseded, cancelled) and never submitted, untouched for
 * `abandonedDays`, with no contract or signing session (those are evidence) and no webhook still to deliver.
 * Migration 0021 lets application_events rows go only for such applications (untouched 30 days at least).
 */
const abandoned = (db: Db | Parameters<Parameters<Db['transaction']>[0]>[0], days: number) =>
  db
    .select({ processId: applications.processId })
    .from(applications)
    .where(
      and(
        inArray(applications.status, ['IN_PROGRESS', 'SUPERSEDED', 'CANCELLED']),
        sql`${applications.submittedAt} is null`,
        lt(applications.updatedAt, daysAgo(days)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(contracts)
            .where(sql`${contracts.processId} = ${applications.processId}`),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(signingSessions)
            .where(sql`${signingSessions.processId} = ${applications.processId}`),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(eventOutbox)
            .where(sql`${eventOutbox.processId} = ${applications.processId} and ${eventOutbox.deliveredAt} is null`),
        ),
      ),
    )
    .limit(APPLICATIONS_PER_ROUND);

/**
 * Deletes what the retention rule allows, in one transaction; null when another instance is purging now.
 * The transaction sets onboarding.retention_purge, the only way past application_events' append-only trigger,
 * and the trigger checks each row against the rule again.
 */
export async function purgeExpired(db: Db, rule: RetentionRule): Promise<PurgeCounts | null> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${PURGE_LOCK_ID}) as locked`);
    // node-postgres and PGlite both answer { rows }; drizzle's execute() leaves the type to the driver.
    if (!(locked as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return null;
    await tx.execute(sql`select set_config('onboarding.retention_purge', 'on', true)`);

    const processIds = (await abandoned(tx, rule.abandonedDays)).map((row) => row.processId);
    const count = (rows: unknown[]) => rows.length;
    const ofApplications = processIds.length > 0;
    const events = ofApplications
      ? count(await tx.delete(applicationEvents).where(inArray(applicationEvents.processId, processIds)).returning({ id: applicationEvents.id }))
      : 0;
    const evidence = ofApplications
      ? count(await tx.delete(registerEvidence).where(inArray(registerEvidence.processId, processIds)).returning({ id: registerEvidence.id }))
      : 0;
    const outbox = ofApplications ? count(await tx.delete(eventOutbox).where(inArray(eventOutbox.processId, processIds)).returning({ id: eventOutbox.id })) : 0;
    const purgedApplications = ofApplications
      ? count(await tx.delete(applications).where(inArray(applications.processId, processIds)).returning({ id: applications.processId }))
      : 0;

    const operational = daysAgo(rule.operationalDays);
    const endedSessions = tx.select({ id: userSessions.id }).from(userSessions).where(lt(userSessions.lastRefreshedAt, operational));
    const tokens = count(await tx.delete(refreshTokens).where(inArray(refreshTokens.sessionId, endedSessions)).returning({ id: refreshTokens.tokenHash }));
    const sessions = count(await tx.delete(userSessions).where(lt(userSessions.lastRefreshedAt, operational)).returning({ id: userSessions.id }));
    const signIns = count(
      await tx
        .delete(authSessions)
        .where(
          and(
            lt(authSessions.createdAt, operational),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(userSessions)
                .where(sql`${userSessions.authSessionId} = ${authSessions.id}`),
            ),
          ),
        )
        .returning({ id: authSessions.id }),
    );
    const mails = count(
      await tx
        .delete(mailOutbox)
        .where(and(isNotNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, operational)))
        .returning({ id: mailOutbox.id }),
    );
    const delivered = count(
      await tx
        .delete(eventOutbox)
        .where(and(isNotNull(eventOutbox.deliveredAt), lt(eventOutbox.deliveredAt, operational)))
        .returning({ id: eventOutbox.id }),
    );
    const challenges = count(
      await tx
        .delete(idCardChallenges)
        .where(lt(idCardChallenges.expiresAt, sql`now()`))
        .returning({ id: idCardChallenges.expiresAt }),
    );
    const assertions = count(
      await tx
        .delete(clientAssertions)
        .where(lt(clientAssertions.expiresAt, sql`now()`))
        .returning({ id: clientAssertions.jti }),
    );
    const counters = count(
      await tx
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.resetsAt, sql`now()`))
        .returning({ key: rateLimitCounters.key }),
    );
    const answers = count(
      await tx
        .delete(registerAnswers)
        .where(lt(registerAnswers.expiresAt, sql`now()`))
        .returning({ key: registerAnswers.key }),
    );

    return {
      abandonedApplications: purgedApplications,
      applicationEvents: events,
      eventOutbox: outbox + delivered,
      userSessions: sessions,
      refreshTokens: tokens,
      authSessions: signIns,
      mailOutbox: mails,
      idCardChallenges: challenges,
      clientAssertions: assertions,
      rateLimitCounters: counters,
      registerEvidence: evidence,
      registerAnswers: answers,
    };
  });
}

/** Purges round after round until a round finds no abandoned application left (or another instance holds the lock). */
export async function purgeAll(db: Db, rule: RetentionRule): Promise<PurgeCounts | null> {
  let total: PurgeCounts | null = null;
  for (;;) {
    const round = await purgeExpired(db, rule);
    if (!round) return total;
    const before: PurgeCounts | null = total;
    total = before ? (Object.fromEntries(Object.entries(round).map(([key, value]) => [key, value + before[key as keyof PurgeCounts]])) as PurgeCounts) : round;
    if (round.abandonedApplications < APPLICATIONS_PER_ROUND) return total;
  }
}
