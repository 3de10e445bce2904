import { randomBytes } from 'node:crypto';
import { authEndpoints } from '@onboarding/domain';
import { count, eq, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { idCardChallenges } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { contractRoutes } from '../../plugins/contract-routes.js';
import { IdentityError, validateWebEidAuthToken } from '../identity/index.js';
import type { RateLimitHook } from '../rate-limits/index.js';
import type { AuthService } from './auth-service.js';
import { tokenHash } from './secrets.js';

// Web eID: at least 256 bits, Base64 (44 characters), alive for 5 minutes (docs/eid-facts.md section 5.1 step 1).
const NONCE_BYTES = 32;
const NONCE_TTL_MS = 5 * 60 * 1000;
/**
 * Challenges open at once, on all instances together. Every issue first deletes the expired ones, so only a flood
 * of more than this in 5 minutes (past the per-address rate limit, so from many addresses) reaches it; then new
 * challenges are refused until some expire or are answered. Refusing, rather than dropping the oldest, keeps the
 * sign-ins already under way working and needs no ordering of the table, only a count.
 */
export const MAX_OPEN_NONCES = 10_000;

/**
 * Issued nonces, each for one flow's code challenge, in the database (table id_card_challenges), so that a
 * challenge one instance issued can be answered on any other. Taking one deletes it (single use). Times are this
 * instance's clock, as for the certificate's validity; the instances' clocks differ by far less than 5 minutes.
 */
export function createNonceStore(db: Db, now: () => number = Date.now) {
  return {
    async issue(codeChallenge: string): Promise<string> {
      const issuedAt = new Date(now());
      // Cheap: the index on expires_at finds the expired rows, and there are few, as every issue deletes them.
      await db.delete(idCardChallenges).where(lte(idCardChallenges.expiresAt, issuedAt));
      const [open] = await db.select({ count: count() }).from(idCardChallenges);
      // A minute, a fifth of a challenge's life: by then some of the open ones have usually expired or been answered.
      if ((open?.count ?? 0) >= MAX_OPEN_NONCES) throw new AppError('RATE_LIMITED', { retryAfterSeconds: 60 });
      const nonce = randomBytes(NONCE_BYTES).toString('base64');
      await db.insert(idCardChallenges).values({
        nonceHash: tokenHash(nonce),
        codeChallenge,
        expiresAt: new Date(issuedAt.getTime() + NONCE_TTL_MS),
      });
      return nonce;
    },
    /**
     * True when the nonce was issued for this code challenge and has not expired; either way it is gone. One
     * statement deletes and reads it, so of two instances taking one nonce at once exactly one gets the row.
     */
    async take(nonce: string, codeChallenge: string): Promise<boolean> {
      const [taken] = await db
        .delete(idCardChallenges)
        .where(eq(idCardChallenges.nonceHash, tokenHash(nonce)))
        .returning({ codeChallenge: idCardChallenges.codeChallenge, expiresAt: idCardChallenges.expiresAt });
      return taken !== undefined && taken.codeChallenge === codeChallenge && taken.expiresAt.getTime() > now();
    },
  };
}

export type SimulatedIdCardOptions = {
  /** Where the open challenges are kept, shared by every instance. */
  db: Db;
  service: Pick<AuthService, 'completeIdCard'>;
  /** The simulators' ID-card CA. */
  trustAnchors: string[];
  /** The web app's origin, which the card signs with the nonce: the server's own, never the browser's word. */
  origin: string;
  /** Counts a challenge: the start of a sign-in. */
  limitStarts: RateLimitHook;
  /** Counts an answer, as a token exchange is counted. */
  limitAnswers: RateLimitHook;
  now?: () => number;
};

/**
 * Simulated mode's ID-card sign-in (docs/requirements.md section 4, "request
 * authorize/eid to get a code"), without a card reader or a TLS client
 * certificate: the simulated card reader (/dev/id-card/authenticate) answers a
 * challenge as Web eID's authenticate does, and this checks the answer as the
 * Web eID validator does (identity/web-eid-token.ts). The person is whoever the
 * certificate names; a personal code from the browser is never read.
 * Registered in simulated mode only; live mode keeps the eid host.
 */
export async function simulatedIdCardRoutes(app: FastifyInstance, options: SimulatedIdCardOptions): Promise<void> {
  const nonces = createNonceStore(options.db, options.now);
  const route = contractRoutes(app);

  route(authEndpoints.idCardChallenge, { onRequest: options.limitStarts, summary: 'ID-card sign-in challenge (simulated mode)' }, async (request) => ({
    nonce: await nonces.issue(request.body.codeChallenge),
  }));

  route(authEndpoints.simulatedIdCard, { onRequest: options.limitAnswers, summary: 'ID-card sign-in (simulated mode)' }, async (request) => {
    const { nonce, authToken, ...common } = request.body;
    if (!(await nonces.take(nonce, common.codeChallenge))) throw new IdentityError('unexpected', 'unknown, spent or expired ID-card challenge');
    const validation = validateWebEidAuthToken({
      token: authToken,
      nonce,
      origin: options.origin,
      trustAnchors: options.trustAnchors,
      ...(options.now ? { now: new Date(options.now()) } : {}),
    });
    if (!validation.ok) throw new IdentityError(validation.code, validation.reason);
    return { code: await options.service.completeIdCard(common, validation.person, request.ip) };
  });
}
