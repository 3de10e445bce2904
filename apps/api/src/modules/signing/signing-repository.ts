import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { contracts, signingSessions } from '../../db/schema.js';
import type { Executor } from '../onboarding/onboarding-repository.js';

export type ContractRow = typeof contracts.$inferSelect;
export type SigningSessionRow = typeof signingSessions.$inferSelect;
export type SigningSessionChange = Partial<
  Pick<SigningSessionRow, 'status' | 'providerSessionId' | 'documentNumber' | 'certificate' | 'failureCode' | 'verificationCode' | 'signatureXml' | 'signedInfoHash'>
>;
export type SignatureEvidenceColumns = Pick<SigningSessionRow, 'signature' | 'signatureAlgorithm' | 'certificate' | 'signedAt' | 'container'>;

/** Every query of contracts and signing sessions; nothing else in the signing module touches SQL. */
export function createSigningRepository(db: Db) {
  return {
    db,

    async insertContract(values: typeof contracts.$inferInsert): Promise<ContractRow> {
      const [row] = await db.insert(contracts).values(values).returning();
      if (!row) throw new Error('insert into contracts returned nothing');
      return row;
    },

    /** The contract last drawn up from this version of the application, in this language. */
    async contractFor(processId: string, applicationVersion: number, language: string): Promise<ContractRow | undefined> {
      const [row] = await db
        .select()
        .from(contracts)
        .where(and(eq(contracts.processId, processId), eq(contracts.applicationVersion, applicationVersion), eq(contracts.language, language)))
        .orderBy(desc(contracts.createdAt))
        .limit(1);
      return row;
    },

    async findContract(id: string): Promise<ContractRow | undefined> {
      const [row] = await db.select().from(contracts).where(eq(contracts.id, id));
      return row;
    },

    /** The contract to show: the signed one, else the one last drawn up. */
    async latestContract(processId: string): Promise<ContractRow | undefined> {
      const [signed] = await db
        .select({ contract: contracts })
        .from(signingSessions)
        .innerJoin(contracts, eq(contracts.id, signingSessions.contractId))
        .where(and(eq(signingSessions.processId, processId), eq(signingSessions.status, 'SIGNED')));
      if (signed) return signed.contract;
      const [row] = await db.select().from(contracts).where(eq(contracts.processId, processId)).orderBy(desc(contracts.createdAt)).limit(1);
      return row;
    },

    /** The ASiC-E of the application's signed session. */
    async signedContainer(processId: string): Promise<Buffer | undefined> {
      const [row] = await db
        .select({ container: signingSessions.container })
        .from(signingSessions)
        .where(and(eq(signingSessions.processId, processId), eq(signingSessions.status, 'SIGNED')));
      return row?.container ?? undefined;
    },

    /**
     * The latest signed contract and its ASiC-E: an application signed again after the bank asked for more
     * information has several SIGNED sessions, and the last one is what holds.
     */
    async latestSigned(processId: string): Promise<{ document: Buffer; container: Buffer | null } | undefined> {
      const [row] = await db
        .select({ document: contracts.document, container: signingSessions.container })
        .from(signingSessions)
        .innerJoin(contracts, eq(contracts.id, signingSessions.contractId))
        .where(and(eq(signingSessions.processId, processId), eq(signingSessions.status, 'SIGNED')))
        .orderBy(desc(signingSessions.signedAt), desc(signingSessions.createdAt))
        .limit(1);
      return row;
    },

    async insertSession(values: typeof signingSessions.$inferInsert): Promise<SigningSessionRow> {
      const [row] = await db.insert(signingSessions).values(values).returning();
      if (!row) throw new Error('insert into signing_sessions returned nothing');
      return row;
    },

    async findSession(id: string, processId: string): Promise<SigningSessionRow | undefined> {
      const [row] = await db.select().from(signingSessions).where(and(eq(signingSessions.id, id), eq(signingSessions.processId, processId)));
      return row;
    },

    /** Changes a session that is still running; undefined when it had already ended. */
    async updateRunning(id: string, change: SigningSessionChange): Promise<SigningSessionRow | undefined> {
      const [row] = await db
        .update(signingSessions)
        .set({ ...change, updatedAt: new Date() })
        .where(and(eq(signingSessions.id, id), eq(signingSessions.status, 'RUNNING')))
        .returning();
      return row;
    },

    /** Stores the evidence on a running session, in the caller's transaction; undefined when it had already ended. */
    async markSigned(executor: Executor, id: string, evidence: SignatureEvidenceColumns): Promise<SigningSessionRow | undefined> {
      const [row] = await executor
        .update(signingSessions)
        .set({ ...evidence, status: 'SIGNED', updatedAt: new Date() })
        .where(and(eq(signingSessions.id, id), eq(signingSessions.status, 'RUNNING')))
        .returning();
      return row;
    },
  };
}

export type SigningRepository = ReturnType<typeof createSigningRepository>;
