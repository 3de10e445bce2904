import { and, desc, eq, sql } from 'drizzle-orm';
import type { InvitationPurpose, OwnDetails } from '@onboarding/domain';
import type { Db, Executor } from '../../db/database.js';
import { invitations } from '../../db/schema.js';

export type InvitationRow = typeof invitations.$inferSelect;
export type NewInvitation = typeof invitations.$inferInsert;

type Person = { personalId: string; personalIdCountryCode: string };

/** This person's invitations of this purpose on this application: by personal code, its country however written. */
const ofPersonOn = (processId: string, person: Person, purpose: InvitationPurpose = 'SIGN') =>
  and(
    eq(invitations.processId, processId),
    eq(invitations.purpose, purpose),
    eq(invitations.personalId, person.personalId),
    sql`upper(${invitations.personalIdCountryCode}) = upper(${person.personalIdCountryCode})`,
  );

/** Every query of invitations (decision 39); nothing else touches the table. */
export function createInvitationRepository(db: Db) {
  return {
    async insert(values: NewInvitation, executor: Executor = db): Promise<InvitationRow> {
      const [row] = await executor.insert(invitations).values(values).returning();
      if (!row) throw new Error('insert into invitations returned nothing');
      return row;
    },

    /** The application's invitations of one purpose, newest first. */
    async ofApplication(processId: string, purpose: InvitationPurpose, executor: Executor = db): Promise<InvitationRow[]> {
      return executor
        .select()
        .from(invitations)
        .where(and(eq(invitations.processId, processId), eq(invitations.purpose, purpose)))
        .orderBy(desc(invitations.createdAt));
    },

    /** The application's requests for details still open now: signing waits for them (decision 40). */
    async openRequests(processId: string, now: Date): Promise<InvitationRow[]> {
      return db
        .select()
        .from(invitations)
        .where(
          and(
            eq(invitations.processId, processId),
            eq(invitations.purpose, 'DETAILS'),
            eq(invitations.status, 'PENDING'),
            sql`${invitations.expiresAt} > ${now}`,
          ),
        );
    },

    async find(id: string, processId: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(invitations)
        .where(and(eq(invitations.id, id), eq(invitations.processId, processId)));
      return row;
    },

    async findById(id: string, executor: Executor = db): Promise<InvitationRow | undefined> {
      const [row] = await executor.select().from(invitations).where(eq(invitations.id, id));
      return row;
    },

    async findByTokenHash(tokenHash: string): Promise<InvitationRow | undefined> {
      const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
      return row;
    },

    /** Marks this person's lapsed request for details on this application expired, so a new one may be made. */
    async expireLapsedRequest(processId: string, person: Person, at: Date, executor: Executor): Promise<void> {
      await executor
        .update(invitations)
        .set({ status: 'EXPIRED', updatedAt: at })
        .where(and(ofPersonOn(processId, person, 'DETAILS'), eq(invitations.status, 'PENDING'), sql`${invitations.expiresAt} <= ${at}`));
    },

    /** Every invitation of this person to sign this application, whatever became of it. */
    async ofPerson(processId: string, person: Person): Promise<InvitationRow[]> {
      return db.select().from(invitations).where(ofPersonOn(processId, person));
    },

    /** The pending invitation of this person to sign this application, if one is open now. */
    async openFor(processId: string, person: Person, now: Date): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(invitations)
        .where(and(ofPersonOn(processId, person), eq(invitations.status, 'PENDING'), sql`${invitations.expiresAt} > ${now}`));
      return row;
    },

    /**
     * Ends a pending invitation (signed, declined, withdrawn), in the caller's transaction if given; undefined when it
     * was no longer pending, so of two answers at once only one counts.
     */
    async answer(
      id: string,
      change: Pick<InvitationRow, 'status'> & Partial<Pick<InvitationRow, 'declineReason'>>,
      at: Date,
      executor: Executor = db,
    ): Promise<InvitationRow | undefined> {
      const [row] = await executor
        .update(invitations)
        .set({ ...change, answeredAt: at, updatedAt: at })
        .where(and(eq(invitations.id, id), eq(invitations.status, 'PENDING')))
        .returning();
      return row;
    },

    /**
     * Keeps the invited person's own details beside the applicant's declaration, while the invitation is pending and
     * unexpired; undefined otherwise. Given again, the later words replace the earlier (the record keeps both).
     */
    async keepOwnDetails(
      id: string,
      own: { details: OwnDetails; declared: OwnDetails | null },
      at: Date,
      executor: Executor,
    ): Promise<InvitationRow | undefined> {
      const [row] = await executor
        .update(invitations)
        .set({ ownDetails: own.details, ownDetailsDeclared: own.declared, ownDetailsAt: at, updatedAt: at })
        .where(and(eq(invitations.id, id), eq(invitations.status, 'PENDING'), sql`${invitations.expiresAt} > ${at}`))
        .returning();
      return row;
    },

    /** Marks this person's lapsed invitation to sign this contract expired, so a new one may be made. */
    async expireLapsed(contractId: string, person: Person, at: Date, executor: Executor): Promise<void> {
      await executor
        .update(invitations)
        .set({ status: 'EXPIRED', updatedAt: at })
        .where(
          and(
            eq(invitations.contractId, contractId),
            eq(invitations.personalId, person.personalId),
            eq(invitations.personalIdCountryCode, person.personalIdCountryCode),
            eq(invitations.status, 'PENDING'),
            sql`${invitations.expiresAt} <= ${at}`,
          ),
        );
    },

    /**
     * Counts one more mailing of a pending invitation under a new token (the last link then opens nothing), if under
     * `max`; undefined otherwise.
     */
    async countSend(id: string, max: number, tokenHash: string, at: Date, executor: Executor): Promise<InvitationRow | undefined> {
      const [row] = await executor
        .update(invitations)
        .set({ sendCount: sql`${invitations.sendCount} + 1`, tokenHash, lastSentAt: at, updatedAt: at })
        .where(and(eq(invitations.id, id), eq(invitations.status, 'PENDING'), sql`${invitations.sendCount} < ${max}`))
        .returning();
      return row;
    },
  };
}

export type InvitationRepository = ReturnType<typeof createInvitationRepository>;
