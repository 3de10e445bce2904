import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { signDigest } from '../modules/identity/digest-signature.js';
import { HASH_BYTE_LENGTHS, HASH_TYPES } from '../modules/identity/hash-types.js';
import type { HashType } from '../modules/identity/types.js';
import { createSessionStore } from './session-store.js';
import type { SigningIdentity } from './simulator-pki.js';
import { decodeHash, isSameRelyingPartyName, type ServiceSimulatorOptions } from './simulator-options.js';
import { findSmartIdIdentity, type SmartIdIdentity, type SmartIdOutcome } from './smart-id-identities.js';

// The interactions of RP API v2; the simulated app supports all four
// (docs/eid-facts.md section 1.4).
const SUPPORTED_INTERACTIONS = ['displayTextAndPIN', 'verificationCodeChoice', 'confirmationMessage', 'confirmationMessageAndVerificationCodeChoice'];

const interaction = z.object({
  type: z.string(),
  displayText60: z.string().max(60).optional(),
  displayText200: z.string().max(200).optional(),
});
type Interaction = z.infer<typeof interaction>;

// docs/eid-facts.md section 1.3.
const relyingParty = {
  relyingPartyUUID: z.string(),
  relyingPartyName: z.string(),
  nonce: z.string().min(1).max(30).optional(),
  requestProperties: z.record(z.string(), z.unknown()).optional(),
};
const pinRequest = { hash: z.string(), hashType: z.enum(HASH_TYPES), allowedInteractionsOrder: z.array(interaction).min(1) };
// Signature and certificatechoice also accept QSCD; certificatechoice has no hash or interactions
// (docs/eid-facts.md section 1.3).
const signingLevel = z.enum(['ADVANCED', 'QUALIFIED', 'QSCD']).default('QUALIFIED');

type Operation = 'authentication' | 'certificateChoice' | 'signature';
const BODIES = {
  authentication: z.object({ ...relyingParty, certificateLevel: z.enum(['ADVANCED', 'QUALIFIED']).default('QUALIFIED'), ...pinRequest }),
  certificateChoice: z.object({ ...relyingParty, certificateLevel: signingLevel }),
  signature: z.object({ ...relyingParty, certificateLevel: signingLevel, ...pinRequest }),
} satisfies Record<Operation, z.ZodType>;

/** Every operation's body, read through one shape; the PIN fields are present exactly when the operation asks for a PIN. */
type StartBody = z.infer<(typeof BODIES)['certificateChoice']> & Partial<z.infer<(typeof BODIES)['signature']>>;
type PinPrompt = { hash: Buffer; hashType: HashType; interactions: Interaction[] };

// timeoutMs 1000-120000; the midpoint when omitted
// (docs/eid-facts.md section 1.5).
const sessionQuery = z.object({ timeoutMs: z.coerce.number().int().min(1000).max(120_000).default(60_500) });

const SEMANTICS_ID = /^PNO([A-Z]{2})-(.+)$/;
// The document numbers this simulator hands out (SK DEMO's form, docs/eid-facts.md section 2).
const DOCUMENT_NUMBER = /^PNOEE-(\d{11})-MOCK-Q$/;
const documentNumberOf = (personalId: string) => `PNOEE-${personalId}-MOCK-Q`;
// An identical POST within 15 s returns the same session unless a nonce differs
// (docs/eid-facts.md section 1.2).
const IDEMPOTENCY_MS = 15_000;

/*
 * Certificate choice asks for no PIN and shows no interaction, so of a demo
 * account's outcomes only the account-level ones end it: the refused device
 * choice and an unusable account. Every other outcome (refusals on the PIN
 * screen, WRONG_VC, TIMEOUT) comes with the PIN2 signature that follows.
 */
const CERTIFICATE_CHOICE_OUTCOMES: ReadonlySet<SmartIdOutcome> = new Set(['USER_REFUSED_CERT_CHOICE', 'DOCUMENT_UNUSABLE']);

type SessionAnswer = Record<string, unknown>;
type Target = 'etsi' | 'document';

const complete = (endResult: string): SessionAnswer => ({ state: 'COMPLETE', result: { endResult } });
const certificateOf = (signer: SigningIdentity) => ({ value: signer.certificateDer.toString('base64'), certificateLevel: 'QUALIFIED' });

/**
 * Smart-ID RP API v2 (docs/eid-facts.md sections 1.2-1.6): authentication by
 * personal code, certificate choice and signature by personal code or
 * document number, and the session status they share.
 */
export const smartIdRoutes = (options: ServiceSimulatorOptions) => async (app: FastifyInstance) => {
  const sessions = createSessionStore<SessionAnswer>(options.completionDelayMs);
  const recent = new Map<string, { sessionId: string; at: number }>();
  app.addHook('onClose', async () => sessions.close());

  /** The account a path names, undefined when it has none (404), null when the identifier is malformed (400). */
  const accountFor = (target: Target, id: string): SmartIdIdentity | undefined | null => {
    if (target === 'document') {
      const code = DOCUMENT_NUMBER.exec(id)?.[1];
      return code === undefined ? undefined : findSmartIdIdentity(code);
    }
    const match = SEMANTICS_ID.exec(id);
    if (match === null) return null;
    // Only Estonian accounts exist here; any other code has no account
    // (docs/eid-facts.md section 2).
    return match[1] === 'EE' && match[2] !== undefined ? findSmartIdIdentity(match[2]) : undefined;
  };

  const answerFor = async (identity: SmartIdIdentity, operation: Operation, pin: PinPrompt | null): Promise<SessionAnswer> => {
    const documentNumber = documentNumberOf(identity.personalId);
    if (pin === null) {
      if (CERTIFICATE_CHOICE_OUTCOMES.has(identity.outcome)) return complete(identity.outcome);
      const signer = await options.pki.smartIdSigner(identity);
      return { state: 'COMPLETE', result: { endResult: 'OK', documentNumber }, cert: certificateOf(signer) };
    }
    const used = pin.interactions.find((entry) => SUPPORTED_INTERACTIONS.includes(entry.type));
    if (used === undefined) return complete('REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP');
    if (identity.outcome !== 'OK') return complete(identity.outcome);
    // Authentication signs with the PIN1 key, a signature with the separate PIN2 key.
    const signer = operation === 'authentication' ? await options.pki.smartIdPerson(identity) : await options.pki.smartIdSigner(identity);
    return {
      state: 'COMPLETE',
      result: { endResult: 'OK', documentNumber },
      signature: {
        value: signDigest(signer.privateKey, pin.hash, pin.hashType).toString('base64'),
        algorithm: `${pin.hashType.toLowerCase()}WithRSAEncryption`,
      },
      cert: certificateOf(signer),
      interactionFlowUsed: used.type,
    };
  };

  const start =
    (operation: Operation, target: Target) =>
    async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply): Promise<unknown> => {
      const parsed = BODIES[operation].safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid request' });
      const body: StartBody = parsed.data;
      // UUID and name identify the relying party; a mismatch is 401 (docs/eid-facts.md sections 1.3, 1.6).
      if (body.relyingPartyUUID !== options.relyingPartyUuid || !isSameRelyingPartyName(body.relyingPartyName, options.relyingPartyName)) {
        return reply.code(401).send({ error: 'relying party not authorised' });
      }
      // SK DEMO offers no ADVANCED accounts (docs/eid-facts.md section 2).
      if (body.certificateLevel === 'ADVANCED') return reply.code(403).send({ error: 'ADVANCED level not allowed' });
      let pin: PinPrompt | null = null;
      if (body.hash !== undefined && body.hashType !== undefined && body.allowedInteractionsOrder !== undefined) {
        const hash = decodeHash(body.hash, HASH_BYTE_LENGTHS[body.hashType]);
        if (hash === null) return reply.code(400).send({ error: 'hash does not match hashType' });
        pin = { hash, hashType: body.hashType, interactions: body.allowedInteractionsOrder };
      }
      const identity = accountFor(target, request.params.id);
      if (identity === null) return reply.code(400).send({ error: 'invalid semantics identifier' });

      const key = body.nonce === undefined ? `${request.url} ${JSON.stringify(body)}` : null;
      const now = Date.now();
      for (const [entry, value] of recent) if (now - value.at > IDEMPOTENCY_MS) recent.delete(entry);
      const repeated = key === null ? undefined : recent.get(key);
      if (repeated !== undefined) return { sessionID: repeated.sessionId };

      if (identity === undefined) return reply.code(404).send({ error: 'no suitable account' });
      const sessionId = sessions.create(await answerFor(identity, operation, pin));
      if (pin !== null) {
        const first = pin.interactions[0];
        options.phoneScreens.show(identity.personalId, {
          service: 'SMART_ID',
          pin: operation === 'authentication' ? 'PIN1' : 'PIN2',
          hash: pin.hash,
          displayText: first?.displayText60 ?? first?.displayText200,
        });
      }
      if (key !== null) recent.set(key, { sessionId, at: now });
      return { sessionID: sessionId };
    };

  app.post('/authentication/etsi/:id', start('authentication', 'etsi'));
  app.post('/certificatechoice/etsi/:id', start('certificateChoice', 'etsi'));
  app.post('/certificatechoice/document/:id', start('certificateChoice', 'document'));
  app.post('/signature/etsi/:id', start('signature', 'etsi'));
  app.post('/signature/document/:id', start('signature', 'document'));

  app.get<{ Params: { sessionId: string } }>('/session/:sessionId', async (request, reply) => {
    const query = sessionQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: 'timeoutMs must be 1000-120000' });
    const answer = await sessions.wait(request.params.sessionId, query.data.timeoutMs);
    if (answer === undefined) return reply.code(404).send({ error: 'session not found' });
    return answer === 'RUNNING' ? { state: 'RUNNING' } : answer;
  });
};
