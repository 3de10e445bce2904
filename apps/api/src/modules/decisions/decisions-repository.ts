import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { applicationEvents, applications, representatives } from '../../db/schema.js';
import type { ApplicationRow, Executor, RepresentativeRow } from '../onboarding/onboarding-repository.js';

/** The reads a decision needs beyond the onboarding repository's: inside the decision's own transaction. */
export function createDecisionsRepository(db: Db) {
  return {
    db,

    /** The application as the decision's transaction sees it; locked until that transaction ends, so decisions on it queue. */
    async lockApplication(executor: Executor, processId: string): Promise<ApplicationRow | undefined> {
      const [row] = await executor.select().from(applications).where(eq(applications.processId, processId)).for('update');
      return row;
    },

    /** The representative of the application: where and in which language its mail goes. */
    async representativeOf(executor: Executor, application: ApplicationRow): Promise<RepresentativeRow | undefined> {
      const [row] = await executor
        .select()
        .from(representatives)
        .where(and(eq(representatives.personalId, application.representativePersonalId), eq(representatives.personalIdCountryCode, application.representativeCountryCode)));
      return row;
    },

    /** The signer's name as the eID gave it at the latest submission (the submission's facts), if it recorded one. */
    async signerNameOf(executor: Executor, processId: string): Promise<string | undefined> {
      const [event] = await executor
        .select({ payload: applicationEvents.payload })
        .from(applicationEvents)
        .where(and(eq(applicationEvents.processId, processId), eq(applicationEvents.type, 'APPLICATION_SUBMITTED')))
        .orderBy(desc(applicationEvents.id))
        .limit(1);
      const facts = event?.payload.facts as { representative?: { value?: { name?: unknown } } } | undefined;
      const name = facts?.representative?.value?.name;
      return typeof name === 'string' ? name : undefined;
    },
  };
}

export type DecisionsRepository = ReturnType<typeof createDecisionsRepository>;
