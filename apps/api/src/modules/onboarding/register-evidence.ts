import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { registerEvidence } from '../../db/schema.js';
import type { RegisterEvidence, RegisterReading } from '../registry/index.js';
import type { Register } from './ports.js';

/**
 * Readings kept per application: the first (the facts it was created on) and the latest ones before it. Each check
 * before signing adds one, and an applicant who opens signing again and again must not grow the table without bound
 * (docs/decisions/0026); the readings in between say nothing the first and the latest do not.
 */
export const MAX_REGISTER_READINGS = 10;

/** One reading of an application's company: when it was kept, and the register's answers it was read from. */
export type KeptReading = { readAt: Date; evidence: RegisterEvidence[] };

/** The register's answers behind an application's verified facts, kept with it (docs/decisions/0035). */
export function createRegisterEvidence(db: Db) {
  return {
    /** Keeps one reading's answers; drops the oldest readings but the first past MAX_REGISTER_READINGS. */
    async keep(processId: string, evidence: readonly RegisterEvidence[], readAt: Date): Promise<void> {
      if (evidence.length === 0) return;
      await db.insert(registerEvidence).values(
        evidence.map((entry) => ({
          processId,
          readAt,
          operation: entry.operation,
          queriedAt: new Date(entry.queriedAt),
          paring: entry.paring ?? {},
          keha: entry.keha,
        })),
      );
      const readings = await db
        .selectDistinct({ readAt: registerEvidence.readAt })
        .from(registerEvidence)
        .where(eq(registerEvidence.processId, processId))
        .orderBy(asc(registerEvidence.readAt));
      const dropped = readings.slice(1, Math.max(1, readings.length - (MAX_REGISTER_READINGS - 1))).map((reading) => reading.readAt);
      if (dropped.length > 0) {
        await db.delete(registerEvidence).where(and(eq(registerEvidence.processId, processId), inArray(registerEvidence.readAt, dropped)));
      }
    },

    /** The application's readings, oldest first, each with its answers in the order they were asked. */
    async readingsOf(processId: string): Promise<KeptReading[]> {
      const rows = await db
        .select()
        .from(registerEvidence)
        .where(eq(registerEvidence.processId, processId))
        .orderBy(asc(registerEvidence.readAt), asc(registerEvidence.id));
      const readings = new Map<number, KeptReading>();
      for (const row of rows) {
        const reading = readings.get(row.readAt.getTime()) ?? { readAt: row.readAt, evidence: [] };
        reading.evidence.push({ operation: row.operation, queriedAt: row.queriedAt.toISOString(), paring: row.paring, keha: row.keha });
        readings.set(row.readAt.getTime(), reading);
      }
      return [...readings.values()];
    },
  };
}

export type RegisterEvidenceStore = Pick<ReturnType<typeof createRegisterEvidence>, 'keep'>;

/**
 * The company's card with the answers it was read from. A register that keeps no answers (the fixture's) gives the
 * card alone, read now.
 */
export async function readCompany(
  register: Pick<Register, 'company' | 'companyReading'>,
  registryCountryCode: string,
  registryCode: string,
  now: () => Date,
): Promise<RegisterReading | undefined> {
  if (register.companyReading) return register.companyReading(registryCountryCode, registryCode);
  const details = await register.company(registryCountryCode, registryCode);
  return details ? { details, queriedAt: now(), evidence: [] } : undefined;
}
