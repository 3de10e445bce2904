import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { signDigest } from '../modules/identity/digest-signature.js';
import { HASH_BYTE_LENGTHS, HASH_TYPES } from '../modules/identity/hash-types.js';
import { findMobileIdIdentity } from './mobile-id-identities.js';
import { createSessionStore } from './session-store.js';
import { decodeHash, isSameRelyingPartyName, type ServiceSimulatorOptions } from './simulator-options.js';

// EID-FACTS.md section 3.3.
const authenticationBody = z.object({
  relyingPartyUUID: z.string(),
  relyingPartyName: z.string(),
  phoneNumber: z.string().regex(/^\+\d{8,30}$/),
  nationalIdentityNumber: z.string().regex(/^\d{11}$/),
  hash: z.string(),
  hashType: z.enum(HASH_TYPES),
  language: z.enum(['EST', 'ENG', 'RUS', 'LIT']),
  displayText: z.string().optional(),
  displayTextFormat: z.enum(['GSM-7', 'UCS-2']).default('GSM-7'),
});

// Missing means 10 s; out-of-range values are clamped, not refused (EID-FACTS.md section 3.4).
const DEFAULT_LONG_POLL_MS = 10_000;
const clampTimeout = (value: unknown): number => {
  const number = Number(value ?? DEFAULT_LONG_POLL_MS);
  return Number.isFinite(number) ? Math.min(120_000, Math.max(1000, number)) : DEFAULT_LONG_POLL_MS;
};

const SIGNATURE_ALGORITHM_HASH = { SHA256: 'SHA256', SHA384: 'SHA384', SHA512: 'SHA512' } as const;

type SessionAnswer = Record<string, unknown>;

// Every answer carries time and traceId for SK support (EID-FACTS.md section 3.4).
const stamped = (body: Record<string, unknown>) => ({ ...body, time: new Date().toISOString(), traceId: randomUUID() });

/** Mobile-ID REST API authentication (EID-FACTS.md sections 3.2-3.4). */
export const mobileIdRoutes = (options: ServiceSimulatorOptions) => async (app: FastifyInstance) => {
  const sessions = createSessionStore<SessionAnswer>(options.completionDelayMs);
  app.addHook('onClose', async () => sessions.close());

  app.get('/version', async (_request, reply) => reply.type('text/plain').send('Version: simulator. Built: onboarding.'));

  app.post('/authentication', async (request, reply) => {
    const parsed = authenticationBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send(stamped({ error: 'invalid request' }));
    const body = parsed.data;
    if (body.relyingPartyUUID !== options.relyingPartyUuid || !isSameRelyingPartyName(body.relyingPartyName, options.relyingPartyName)) {
      return reply.code(401).send(stamped({ error: 'relying party not authorised' }));
    }
    const hash = decodeHash(body.hash, HASH_BYTE_LENGTHS[body.hashType]);
    if (hash === null) return reply.code(400).send(stamped({ error: 'hash does not match hashType' }));
    const maxLength = body.displayTextFormat === 'UCS-2' ? 50 : 100;
    if (body.displayText !== undefined && [...body.displayText].length > maxLength) return reply.code(400).send(stamped({ error: 'displayText too long' }));

    // A pair SK does not know is NOT_MID_CLIENT, reported through the session, never at start (EID-FACTS.md section 3.4).
    const identity = findMobileIdIdentity(body.phoneNumber, body.nationalIdentityNumber);
    const outcome = identity?.outcome ?? 'NOT_MID_CLIENT';
    let answer: SessionAnswer = { state: 'COMPLETE', result: outcome };
    if (identity !== undefined && outcome === 'OK') {
      const signer = await options.pki.mobileIdPerson(identity);
      answer = {
        state: 'COMPLETE',
        result: 'OK',
        signature: {
          value: signDigest(signer.privateKey, hash, body.hashType).toString('base64'),
          algorithm: `${SIGNATURE_ALGORITHM_HASH[body.hashType]}WithECEncryption`,
        },
        cert: signer.certificateDer.toString('base64'),
      };
    }
    options.phoneScreens.show(body.nationalIdentityNumber, 'MOBILE_ID', hash, body.displayText);
    return stamped({ sessionID: sessions.create(answer) });
  });

  app.get<{ Params: { sessionId: string }; Querystring: { timeoutMs?: string } }>('/authentication/session/:sessionId', async (request, reply) => {
    const answer = await sessions.wait(request.params.sessionId, clampTimeout(request.query.timeoutMs), { supersede: true });
    if (answer === undefined) return reply.code(404).send(stamped({ error: 'session not found' }));
    return stamped(answer === 'RUNNING' ? { state: 'RUNNING' } : answer);
  });
};
