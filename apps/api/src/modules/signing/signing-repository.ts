import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.js';
import { contracts, signingSessions } from '../../db/schema.js';

export type ContractRow = typeof contracts.$inferSelect;
export type SigningSessionRow = typeof signingSessions.$inferSelect;
export type SigningSessionChange = Partial<
  Pick<
    SigningSessionRow,
    'status' | 'providerSessionId' | 'documentNumber' | 'deviceLink' | 'certificate' | 'failureCode' | 'verificationCode' | 'signatureXml' | 'signedInfoHash'
  >
>;
/** A signed contract: its PDF, the signing session and the ASiC-E sealed from it. */
export type SignedContract = { contract: ContractRow; signingSessionId: string; container: Buffer | null };
export type SignatureEvidenceColumns = Pick<SigningSessionRow, 'signature' | 'signatureAlgorithm' | 'certificate' | 'signedAt' | 'container'>;

/** Every query of contracts and signing sessions; nothing else in the signing module touches SQL. */
export function createSigningRepository(db: Db) {
  return {
    db,

    /** Stores a contract about to be signed; previews are never stored (they are drawn up again on each read). */
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

    /**
     * The application's current signed contract, for every reader (the applicant's download, the bank's, the
     * submission mail's fallback): an application signed again after the bank asked for more information has one
     * SIGNED session per round, and the last round's holds. Rounds are ordered by the application version the
     * contract was drawn up from, which each submission raises, rather than by a clock. `exceptSessionId`: the
     * container as it was before that session's signature (which the caller's transaction is adding).
     */
    async currentSigned(processId: string, executor: Executor = db, exceptSessionId?: string): Promise<SignedContract | undefined> {
      const [row] = await executor
        .select({ contract: contracts, signingSessionId: signingSessions.id, container: signingSessions.container })
        .from(signingSessions)
        .innerJoin(contracts, eq(contracts.id, signingSessions.contractId))
        .where(
          and(
            eq(signingSessions.processId, processId),
            eq(signingSessions.status, 'SIGNED'),
            exceptSessionId === undefined ? undefined : ne(signingSessions.id, exceptSessionId),
          ),
        )
        .orderBy(desc(contracts.applicationVersion), desc(signingSessions.signedAt))
        .limit(1);
      return row;
    },

    /** Every signature of a contract, the first (the applicant's) first: the signers a submission names. */
    async signedSessionsOf(contractId: string, executor: Executor = db): Promise<SigningSessionRow[]> {
      return executor
        .select()
        .from(signingSessions)
        .where(and(eq(signingSessions.contractId, contractId), eq(signingSessions.status, 'SIGNED')))
        .orderBy(asc(signingSessions.signedAt), asc(signingSessions.updatedAt));
    },

    /** The ASiC-E of one signed session of the application: what its submission mail carries. */
    async signedContainerOf(processId: string, signingSessionId: string): Promise<Buffer | undefined> {
      const [row] = await db
        .select({ container: signingSessions.container })
        .from(signingSessions)
        .where(and(eq(signingSessions.id, signingSessionId), eq(signingSessions.processId, processId), eq(signingSessions.status, 'SIGNED')));
      return row?.container ?? undefined;
    },

    /** The contract last drawn up for signing; shown for an application that ended without a signature. */
    async lastDrawnUp(processId: string): Promise<ContractRow | undefined> {
      const [row] = await db.select().from(contracts).where(eq(contracts.processId, processId)).orderBy(desc(contracts.createdAt)).limit(1);
      return row;
    },

    async insertSession(values: typeof signingSessions.$inferInsert): Promise<SigningSessionRow> {
      const [row] = await db.insert(signingSessions).values(values).returning();
      if (!row) throw new Error('insert into signing_sessions returned nothing');
      return row;
    },

    async findSession(id: string, processId: string): Promise<SigningSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(signingSessions)
        .where(and(eq(signingSessions.id, id), eq(signingSessions.processId, processId)));
      return row;
    },

    /** A session by its id alone: for the Smart-ID app's return, which is not signed in. */
    async findSessionById(id: string): Promise<SigningSessionRow | undefined> {
      const [row] = await db.select().from(signingSessions).where(eq(signingSessions.id, id));
      return row;
    },

    /** Spends a Web2App return's one-time value: a second return with the same address finds nothing. True when this call spent it. */
    async spendReturnValue(id: string): Promise<boolean> {
      const rows = await db
        .update(signingSessions)
        .set({ deviceLink: sql`${signingSessions.deviceLink} - 'valueHash'` })
        .where(and(eq(signingSessions.id, id), sql`${signingSessions.deviceLink} ? 'valueHash'`))
        .returning({ id: signingSessions.id });
      return rows.length > 0;
    },

    /**
     * Takes up a Smart-ID account choice for this session: of two callers that saw it complete at once (the tab's
     * status call and the phone's return), one gets the session and asks for the signature; the other undefined.
     */
    async claimAccountChoice(id: string, chosen: { documentNumber: string; certificate: string }): Promise<SigningSessionRow | undefined> {
      const [row] = await db
        .update(signingSessions)
        .set({ ...chosen, updatedAt: new Date() })
        .where(and(eq(signingSessions.id, id), eq(signingSessions.status, 'RUNNING'), isNull(signingSessions.documentNumber)))
        .returning();
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

    /** Replaces a signed session's container with one holding more signatures, in the caller's transaction. */
    async replaceContainer(executor: Executor, id: string, container: Buffer): Promise<SigningSessionRow | undefined> {
      const [row] = await executor
        .update(signingSessions)
        .set({ container, updatedAt: new Date() })
        .where(and(eq(signingSessions.id, id), eq(signingSessions.status, 'SIGNED')))
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
