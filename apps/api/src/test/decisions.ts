import type { Decision } from '@onboarding/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applicationEvents, applications } from '../db/schema.js';

/**
 * Records a bank's decision as the decision service does (its own module and tests are separate): the
 * DECISION_RECORDED event with the decision, the final status for APPROVED and DECLINED, and for
 * MORE_INFORMATION_NEEDED the reopened steps, the first of them as the current step and IN_PROGRESS again.
 * `payload` replaces the event's payload, to record one the timeline cannot read: then nothing else changes.
 */
/** What the decision service changes on the application with each decision. */
function changeOf(decision: Decision): Partial<typeof applications.$inferInsert> {
  if (decision.type === 'APPROVED' || decision.type === 'DECLINED') return { status: decision.type };
  if (decision.type === 'MORE_INFORMATION_NEEDED') return { status: 'IN_PROGRESS', reopenedSteps: decision.steps, currentStep: decision.steps[0] };
  return {};
}

export async function recordDecision(
  app: FastifyInstance,
  processId: string,
  decision: Decision,
  options: { payload?: Record<string, unknown> } = {},
): Promise<void> {
  const change = options.payload ? {} : changeOf(decision);
  const { db } = app.database;
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(applications)
      .set({ ...change, version: sql`${applications.version} + 1`, updatedAt: new Date() })
      .where(eq(applications.processId, processId))
      .returning({ version: applications.version });
    if (!updated) throw new Error(`no application ${processId}`);
    await tx.insert(applicationEvents).values({
      processId,
      type: 'DECISION_RECORDED',
      actor: 'bank:test-client',
      applicationVersion: updated.version,
      payload: options.payload ?? { source: 'BANK', decision },
    });
  });
}
