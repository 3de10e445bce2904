import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { authSessions, authenticationEvents, refreshTokens, userSessions, type StoredDeviceLink } from '../../db/schema.js';

export type AuthSession = typeof authSessions.$inferSelect;
export type NewAuthSession = typeof authSessions.$inferInsert;
export type UserSession = typeof userSessions.$inferSelect;

export type CompletedPerson = { personalId: string; personalIdCountryCode: string; givenName: string; surname: string };

/** Every query of the sign-in server; nothing else in modules/auth touches SQL. */
export function createAuthRepository(db: Db) {
  // Asked on every authenticated request (see the service's session check): prepared once, and it reads one timestamp, not the row.
  const liveSession = db
    .select({ lastRefreshedAt: userSessions.lastRefreshedAt })
    .from(userSessions)
    .where(and(eq(userSessions.id, sql.placeholder('id')), isNull(userSessions.revokedAt), gt(userSessions.lastRefreshedAt, sql.placeholder('idleSince'))))
    .prepare('auth_live_session');

  return {
    async insertAuthSession(values: NewAuthSession): Promise<AuthSession> {
      const [row] = await db.insert(authSessions).values(values).returning();
      if (!row) throw new Error('insert into auth_sessions returned nothing');
      return row;
    },

    async findAuthSession(id: string, method: string): Promise<AuthSession | undefined> {
      const [row] = await db
        .select()
        .from(authSessions)
        .where(and(eq(authSessions.id, id), eq(authSessions.method, method)));
      return row;
    },

    async setProviderSession(id: string, providerSessionId: string): Promise<void> {
      await db.update(authSessions).set({ providerSessionId }).where(eq(authSessions.id, id));
    },

    async setDeviceLink(id: string, deviceLink: StoredDeviceLink): Promise<void> {
      await db.update(authSessions).set({ providerSessionId: deviceLink.providerSessionId, deviceLink }).where(eq(authSessions.id, id));
    },

    /** The Smart-ID account of the sign-in that opened a user session, or undefined. */
    async smartIdDocumentNumberOf(userSessionId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ documentNumber: authSessions.smartIdDocumentNumber })
        .from(userSessions)
        .innerJoin(authSessions, eq(authSessions.id, userSessions.authSessionId))
        .where(and(eq(userSessions.id, userSessionId), eq(authSessions.method, 'SMART_ID'), eq(authSessions.status, 'COMPLETE')));
      return row?.documentNumber ?? undefined;
    },

    /**
     * Spends a Web2App sign-in's return: removes its one-time value, so a second return with the same address
     * finds nothing. True when this call spent it.
     */
    async spendDeviceLinkReturn(id: string): Promise<boolean> {
      const rows = await db
        .update(authSessions)
        .set({ deviceLink: sql`${authSessions.deviceLink} - 'valueHash'` })
        .where(and(eq(authSessions.id, id), eq(authSessions.status, 'RUNNING'), sql`${authSessions.deviceLink} ? 'valueHash'`))
        .returning({ id: authSessions.id });
      return rows.length > 0;
    },

    async markFailed(id: string, failureCode: string): Promise<void> {
      await db
        .update(authSessions)
        .set({ status: 'FAILED', failureCode, completedAt: new Date() })
        .where(and(eq(authSessions.id, id), eq(authSessions.status, 'RUNNING')));
    },

    /** Only a running attempt can be cancelled; true when this call cancelled it. */
    async markCancelled(id: string, method: string): Promise<boolean> {
      const rows = await db
        .update(authSessions)
        .set({ status: 'CANCELLED', failureCode: 'user_cancelled', completedAt: new Date() })
        .where(and(eq(authSessions.id, id), eq(authSessions.method, method), eq(authSessions.status, 'RUNNING')))
        .returning({ id: authSessions.id });
      return rows.length > 0;
    },

    /** smartIdDocumentNumber: the Smart-ID account a Smart-ID sign-in was made with, which signing then asks. */
    async markComplete(id: string, person: CompletedPerson, smartIdDocumentNumber?: string): Promise<void> {
      await db
        .update(authSessions)
        .set({ status: 'COMPLETE', ...person, ...(smartIdDocumentNumber ? { smartIdDocumentNumber } : {}), completedAt: new Date() })
        .where(and(eq(authSessions.id, id), eq(authSessions.status, 'RUNNING')));
    },

    /**
     * Gives a complete, not yet exchanged attempt a fresh authorization code
     * (replacing any earlier one). False when the code was already exchanged.
     */
    async issueCode(id: string, codeHash: string, expiresAt: Date): Promise<boolean> {
      const rows = await db
        .update(authSessions)
        .set({ codeHash, codeExpiresAt: expiresAt })
        .where(and(eq(authSessions.id, id), eq(authSessions.status, 'COMPLETE'), isNull(authSessions.codeUsedAt)))
        .returning({ id: authSessions.id });
      return rows.length > 0;
    },

    /** Consumes a code atomically: of two concurrent exchanges, one gets the attempt, the other nothing. */
    async consumeCode(codeHash: string, now: Date): Promise<AuthSession | undefined> {
      const [row] = await db
        .update(authSessions)
        .set({ codeUsedAt: now })
        .where(
          and(eq(authSessions.codeHash, codeHash), eq(authSessions.status, 'COMPLETE'), isNull(authSessions.codeUsedAt), gt(authSessions.codeExpiresAt, now)),
        )
        .returning();
      return row;
    },

    /** The phone number of a completed Mobile-ID sign-in (the one Mobile-ID confirmed), or undefined. */
    async mobileIdPhoneOf(authSessionId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ phoneNumber: authSessions.phoneNumber })
        .from(authSessions)
        .where(and(eq(authSessions.id, authSessionId), eq(authSessions.method, 'MOBILE_ID'), eq(authSessions.status, 'COMPLETE')));
      return row?.phoneNumber ?? undefined;
    },

    async createUserSession(values: typeof userSessions.$inferInsert, refreshTokenHash: string): Promise<UserSession> {
      return db.transaction(async (tx) => {
        const [session] = await tx.insert(userSessions).values(values).returning();
        if (!session) throw new Error('insert into user_sessions returned nothing');
        await tx.insert(refreshTokens).values({ tokenHash: refreshTokenHash, sessionId: session.id });
        return session;
      });
    },

    /** When a session that is not revoked and was refreshed after `idleSince` was last refreshed; undefined for any other. */
    async liveSessionRefreshedAt(id: string, idleSince: Date): Promise<Date | undefined> {
      const [row] = await liveSession.execute({ id, idleSince });
      return row?.lastRefreshedAt;
    },

    /**
     * Rotates a refresh token in one transaction. `reused` means the token had
     * already been used: someone holds a copy, so the session is revoked.
     */
    async rotateRefreshToken(
      oldHash: string,
      newHash: string,
      isSessionAlive: (session: UserSession) => boolean,
    ): Promise<{ outcome: 'rotated'; session: UserSession } | { outcome: 'reused'; sessionId: string } | { outcome: 'unknown' | 'ended' }> {
      return db.transaction(async (tx) => {
        const [token] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, oldHash)).for('update');
        if (!token) return { outcome: 'unknown' as const };
        const [session] = await tx.select().from(userSessions).where(eq(userSessions.id, token.sessionId)).for('update');
        if (!session) return { outcome: 'unknown' as const };
        if (token.usedAt) {
          await tx
            .update(userSessions)
            .set({ revokedAt: new Date(), revokedReason: 'refresh_token_reuse' })
            .where(and(eq(userSessions.id, session.id), isNull(userSessions.revokedAt)));
          return { outcome: 'reused' as const, sessionId: session.id };
        }
        if (session.revokedAt || !isSessionAlive(session)) return { outcome: 'ended' as const };
        const now = new Date();
        await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.tokenHash, oldHash));
        await tx.insert(refreshTokens).values({ tokenHash: newHash, sessionId: session.id });
        const [updated] = await tx.update(userSessions).set({ lastRefreshedAt: now }).where(eq(userSessions.id, session.id)).returning();
        return { outcome: 'rotated' as const, session: updated ?? session };
      });
    },

    /** Ends the session a refresh token belongs to (logout) and answers its id; unknown tokens end nothing. */
    async revokeSessionByRefreshToken(tokenHash: string, reason: string): Promise<string | undefined> {
      const [row] = await db
        .update(userSessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(
          and(
            isNull(userSessions.revokedAt),
            sql`${userSessions.id} = (select ${refreshTokens.sessionId} from ${refreshTokens} where ${refreshTokens.tokenHash} = ${tokenHash})`,
          ),
        )
        .returning({ id: userSessions.id });
      return row?.id;
    },

    /**
     * A spent authorization code presented again (RFC 6749 section 4.1.2): someone else holds a copy, so the
     * session its first exchange opened is revoked. Answers the revoked session's id; nothing for an unknown
     * or never-exchanged code.
     */
    async revokeSessionOfSpentCode(codeHash: string): Promise<string | undefined> {
      const [row] = await db
        .update(userSessions)
        .set({ revokedAt: new Date(), revokedReason: 'authorization_code_reuse' })
        .where(
          and(
            isNull(userSessions.revokedAt),
            sql`${userSessions.authSessionId} in (select ${authSessions.id} from ${authSessions} where ${authSessions.codeHash} = ${codeHash} and ${authSessions.codeUsedAt} is not null)`,
          ),
        )
        .returning({ id: userSessions.id });
      return row?.id;
    },

    async insertAuthenticationEvent(values: typeof authenticationEvents.$inferInsert): Promise<void> {
      await db.insert(authenticationEvents).values(values);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
