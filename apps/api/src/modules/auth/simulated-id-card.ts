import { randomBytes } from 'node:crypto';
import { authEndpoints } from '@onboarding/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdentityError } from '../identity/types.js';
import { validateWebEidAuthToken } from '../identity/web-eid-token.js';
import type { RateLimitHook } from '../rate-limits/plugin.js';
import type { AuthService } from './auth-service.js';

// Web eID: at least 256 bits, Base64 (44 characters), alive for 5 minutes (EID-FACTS.md section 5.1 step 1).
const NONCE_BYTES = 32;
const NONCE_TTL_MS = 5 * 60 * 1000;
// A flood of challenges drops the oldest rather than growing without bound.
const MAX_OPEN_NONCES = 10_000;

type OpenNonce = { codeChallenge: string; expiresAt: number };

/** Issued nonces, each for one flow's code challenge; taking one removes it (single use). */
export function createNonceStore(now: () => number = Date.now) {
  const open = new Map<string, OpenNonce>();
  return {
    issue(codeChallenge: string): string {
      const nonce = randomBytes(NONCE_BYTES).toString('base64');
      if (open.size >= MAX_OPEN_NONCES) open.delete(open.keys().next().value ?? '');
      open.set(nonce, { codeChallenge, expiresAt: now() + NONCE_TTL_MS });
      return nonce;
    },
    /** True when the nonce was issued for this code challenge and has not expired; either way it is gone. */
    take(nonce: string, codeChallenge: string): boolean {
      const entry = open.get(nonce);
      open.delete(nonce);
      return entry !== undefined && entry.codeChallenge === codeChallenge && entry.expiresAt > now();
    },
  };
}

export type SimulatedIdCardOptions = {
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
 * Simulated mode's ID-card sign-in (SPEC.md section 4, "request authorize/eid
 * to get a code"), without a card reader or a TLS client certificate: the
 * simulated card reader (/dev/id-card/authenticate) answers a challenge as
 * Web eID's authenticate does, and this checks the answer as the Web eID
 * validator does (identity/web-eid-token.ts). The person is whoever the
 * certificate names; a personal code from the browser is never read.
 * Registered in simulated mode only; live mode keeps the eid host.
 */
export async function simulatedIdCardRoutes(app: FastifyInstance, options: SimulatedIdCardOptions): Promise<void> {
  const nonces = createNonceStore(options.now);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const challenge = authEndpoints.idCardChallenge;
  typed.post(challenge.path, { onRequest: options.limitStarts, schema: { tags: ['sign-in'], summary: 'ID-card sign-in challenge (simulated mode)', body: challenge.body } }, async (request) => ({
    nonce: nonces.issue(request.body.codeChallenge),
  }));

  const authorize = authEndpoints.simulatedIdCard;
  typed.post(authorize.path, { onRequest: options.limitAnswers, schema: { tags: ['sign-in'], summary: 'ID-card sign-in (simulated mode)', body: authorize.body } }, async (request) => {
    const { nonce, authToken, ...common } = request.body;
    if (!nonces.take(nonce, common.codeChallenge)) throw new IdentityError('unexpected', 'unknown, spent or expired ID-card challenge');
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
