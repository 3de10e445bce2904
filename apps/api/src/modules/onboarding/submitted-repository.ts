import { and, asc, eq, gte, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { applications } from '../../db/schema.js';
import type { ApplicationRow } from './rows.js';

/** updated_at as UTC text with microseconds: the page order and the cursor, without JS Date's rounding. */
const updatedAtText = sql<string>`to_char(${applications.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Submitted at least once: drafts are the applicant's business. A reopened application (the bank asked for more
 * information) is IN_PROGRESS with reopened_steps until it is signed again.
 */
const wasSubmitted: SQL = or(
  inArray(applications.status, ['SUBMITTED', 'APPROVED', 'DECLINED']),
  and(eq(applications.status, 'IN_PROGRESS'), isNotNull(applications.reopenedSteps)),
) as SQL;

export type SubmittedSummaryRow = Pick<
  ApplicationRow,
  | 'processId'
  | 'applicationNumber'
  | 'status'
  | 'companyName'
  | 'companyRegistryCode'
  | 'companyRegistryCountryCode'
  | 'companySource'
  | 'submittedAt'
  | 'version'
> & { updatedAt: string };

/** A page of submitted applications: of one status, updated since a time, after a (updated_at, process_id) position. */
export type SubmittedPageQuery = { status?: string; updatedSince?: string; after?: { updatedAt: string; processId: string }; limit: number };

/** The bank's reads of submitted applications (the integration API asks for them through the applications port). */
export function createSubmittedRepository(db: Db) {
  return {
    /**
     * One page in (updated_at, process_id) order, after the cursor: keyset pagination, so rows added while a client
     * pages come after it and never shift a row it has not read yet.
     */
    async page(query: SubmittedPageQuery): Promise<SubmittedSummaryRow[]> {
      const conditions: SQL[] = [wasSubmitted];
      if (query.status) conditions.push(eq(applications.status, query.status));
      if (query.updatedSince) conditions.push(gte(applications.updatedAt, sql`${query.updatedSince}::timestamptz`));
      if (query.after) {
        conditions.push(sql`(${applications.updatedAt}, ${applications.processId}) > (${query.after.updatedAt}::timestamptz, ${query.after.processId}::uuid)`);
      }
      return db
        .select({
          processId: applications.processId,
          applicationNumber: applications.applicationNumber,
          status: applications.status,
          companyName: applications.companyName,
          companyRegistryCode: applications.companyRegistryCode,
          companyRegistryCountryCode: applications.companyRegistryCountryCode,
          companySource: applications.companySource,
          submittedAt: applications.submittedAt,
          version: applications.version,
          updatedAt: updatedAtText,
        })
        .from(applications)
        .where(and(...conditions))
        .orderBy(asc(applications.updatedAt), asc(applications.processId))
        .limit(query.limit);
    },

    /** The application if it was ever submitted; a draft is as unknown as a missing one. */
    async findSubmitted(processId: string): Promise<(ApplicationRow & { updatedAtText: string }) | undefined> {
      const [row] = await db
        .select({ application: applications, updatedAtText })
        .from(applications)
        .where(and(eq(applications.processId, processId), wasSubmitted));
      return row ? { ...row.application, updatedAtText: row.updatedAtText } : undefined;
    },
  };
}

export type SubmittedRepository = ReturnType<typeof createSubmittedRepository>;
