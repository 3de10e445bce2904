import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { signDigest } from '../modules/identity/digest-signature.js';
import { HASH_BYTE_LENGTHS, HASH_TYPES } from '../modules/identity/hash-types.js';
import { createSessionStore } from './session-store.js';
import { decodeHash, isSameRelyingPartyName, type ServiceSimulatorOptions } from './simulator-options.js';
import { findSmartIdIdentity } from './smart-id-identities.js';

// The interactions of RP API v2; the simulated app supports all four (EID-FACTS.md section 1.4).
const SUPPORTED_INTERACTIONS = ['displayTextAndPIN', 'verificationCodeChoice', 'confirmationMessage', 'confirmationMessageAndVerificationCodeChoice'];

const interaction = z.object({
  type: z.string(),
  displayText60: z.string().max(60).optional(),
  displayText200: z.string().max(200).optional(),
});

// EID-FACTS.md section 1.3.
const authenticationBody = z.object({
  relyingPartyUUID: z.string(),
  relyingPartyName: z.string(),
  certificateLevel: z.enum(['ADVANCED', 'QUALIFIED']).default('QUALIFIED'),
  hash: z.string(),
  hashType: z.enum(HASH_TYPES),
  allowedInteractionsOrder: z.array(interaction).min(1),
  nonce: z.string().min(1).max(30).optional(),
  requestProperties: z.record(z.string(), z.unknown()).optional(),
});

// timeoutMs 1000-120000; the midpoint when omitted (EID-FACTS.md section 1.5).
const sessionQuery = z.object({ timeoutMs: z.coerce.number().int().min(1000).max(120_000).default(60_500) });

const SEMANTICS_ID = /^PNO([A-Z]{2})-(.+)$/;
// An identical POST within 15 s returns the same session unless a nonce differs (EID-FACTS.md section 1.2).
const IDEMPOTENCY_MS = 15_000;

type SessionAnswer = Record<string, unknown>;

/** Smart-ID RP API v2 (EID-FACTS.md sections 1.2-1.6), authentication by national identity. */
export const smartIdRoutes = (options: ServiceSimulatorOptions) => async (app: FastifyInstance) => {
  const sessions = createSessionStore<SessionAnswer>(options.completionDelayMs);
  const recent = new Map<string, { sessionId: string; at: number }>();
  app.addHook('onClose', async () => sessions.close());

  const answerFor = async (personalId: string, body: z.infer<typeof authenticationBody>, hash: Buffer): Promise<SessionAnswer | null> => {
    const identity = findSmartIdIdentity(personalId);
    if (identity === undefined) return null;
    const used = body.allowedInteractionsOrder.find((entry) => SUPPORTED_INTERACTIONS.includes(entry.type));
    if (used === undefined) return { state: 'COMPLETE', result: { endResult: 'REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP' } };
    if (identity.outcome !== 'OK') return { state: 'COMPLETE', result: { endResult: identity.outcome } };
    const signer = await options.pki.smartIdPerson(identity);
    return {
      state: 'COMPLETE',
      result: { endResult: 'OK', documentNumber: `PNOEE-${personalId}-MOCK-Q` },
      signature: {
        value: signDigest(signer.privateKey, hash, body.hashType).toString('base64'),
        algorithm: `${body.hashType.toLowerCase()}WithRSAEncryption`,
      },
      cert: { value: signer.certificateDer.toString('base64'), certificateLevel: 'QUALIFIED' },
      interactionFlowUsed: used.type,
    };
  };

  app.post<{ Params: { semanticsId: string } }>('/authentication/etsi/:semanticsId', async (request, reply) => {
    const parsed = authenticationBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'invalid request' });
    const body = parsed.data;
    // UUID and name identify the relying party; a mismatch is 401 (EID-FACTS.md sections 1.3, 1.6).
    if (body.relyingPartyUUID !== options.relyingPartyUuid || !isSameRelyingPartyName(body.relyingPartyName, options.relyingPartyName)) {
      return reply.code(401).send({ error: 'relying party not authorised' });
    }
    // SK DEMO offers no ADVANCED accounts (EID-FACTS.md section 2).
    if (body.certificateLevel === 'ADVANCED') return reply.code(403).send({ error: 'ADVANCED level not allowed' });
    const hash = decodeHash(body.hash, HASH_BYTE_LENGTHS[body.hashType]);
    if (hash === null) return reply.code(400).send({ error: 'hash does not match hashType' });
    const match = SEMANTICS_ID.exec(request.params.semanticsId);
    if (match === null) return reply.code(400).send({ error: 'invalid semantics identifier' });

    const key = body.nonce === undefined ? `${request.params.semanticsId} ${JSON.stringify(body)}` : null;
    const now = Date.now();
    for (const [entry, value] of recent) if (now - value.at > IDEMPOTENCY_MS) recent.delete(entry);
    const repeated = key === null ? undefined : recent.get(key);
    if (repeated !== undefined) return { sessionID: repeated.sessionId };

    // Only Estonian accounts exist here; any other code has no account: 404 (EID-FACTS.md section 2).
    const answer = match[1] === 'EE' && match[2] !== undefined ? await answerFor(match[2], body, hash) : null;
    if (answer === null) return reply.code(404).send({ error: 'no suitable account' });
    const sessionId = sessions.create(answer);
    options.phoneScreens.show(match[2] ?? '', 'SMART_ID', hash, body.allowedInteractionsOrder[0]?.displayText60);
    if (key !== null) recent.set(key, { sessionId, at: now });
    return { sessionID: sessionId };
  });

  app.get<{ Params: { sessionId: string } }>('/session/:sessionId', async (request, reply) => {
    const query = sessionQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: 'timeoutMs must be 1000-120000' });
    const answer = await sessions.wait(request.params.sessionId, query.data.timeoutMs);
    if (answer === undefined) return reply.code(404).send({ error: 'session not found' });
    return answer === 'RUNNING' ? { state: 'RUNNING' } : answer;
  });
};
