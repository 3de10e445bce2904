import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { signDigest } from '../modules/identity/digest-signature.js';
import { fitsDisplayText } from '../modules/identity/gsm7.js';
import { HASH_BYTE_LENGTHS, HASH_TYPES } from '../modules/identity/hash-types.js';
import { findMobileIdIdentity } from './mobile-id-identities.js';
import { createSessionStore } from './session-store.js';
import { decodeHash, isSameRelyingPartyName, type ServiceSimulatorOptions } from './simulator-options.js';

// docs/eid-facts.md section 3.3: /certificate takes the first four fields, /authentication and /signature all.
const certificateBody = z.object({
  relyingPartyUUID: z.string(),
  relyingPartyName: z.string(),
  phoneNumber: z.string().regex(/^\+\d{8,30}$/),
  nationalIdentityNumber: z.string().regex(/^\d{11}$/),
});
const sessionBody = certificateBody.extend({
  hash: z.string(),
  hashType: z.enum(HASH_TYPES),
  language: z.enum(['EST', 'ENG', 'RUS', 'LIT']),
  displayText: z.string().optional(),
  displayTextFormat: z.enum(['GSM-7', 'UCS-2']).default('GSM-7'),
});

// Missing means 10 s; out-of-range values are clamped, not refused
// (docs/eid-facts.md section 3.4).
const DEFAULT_LONG_POLL_MS = 10_000;
const clampTimeout = (value: unknown): number => {
  const number = Number(value ?? DEFAULT_LONG_POLL_MS);
  return Number.isFinite(number) ? Math.min(120_000, Math.max(1000, number)) : DEFAULT_LONG_POLL_MS;
};

const SIGNATURE_ALGORITHM_HASH = { SHA256: 'SHA256', SHA384: 'SHA384', SHA512: 'SHA512' } as const;

type SessionAnswer = Record<string, unknown>;
type Session = 'authentication' | 'signature';

// Every answer carries time and traceId for SK support
// (docs/eid-facts.md section 3.4).
const stamped = (body: Record<string, unknown>) => ({ ...body, time: new Date().toISOString(), traceId: randomUUID() });

/** Mobile-ID REST API (docs/eid-facts.md sections 3.2-3.4): authentication, the signing certificate, and signature. */
export const mobileIdRoutes = (options: ServiceSimulatorOptions) => async (app: FastifyInstance) => {
  // Each kind of session has its own status path, so an ID from one is unknown to the other.
  const stores = {
    authentication: createSessionStore<SessionAnswer>(options.completionDelayMs),
    signature: createSessionStore<SessionAnswer>(options.completionDelayMs),
  };
  app.addHook('onClose', async () => {
    stores.authentication.close();
    stores.signature.close();
  });

  const isKnownRelyingParty = (body: z.infer<typeof certificateBody>) =>
    body.relyingPartyUUID === options.relyingPartyUuid && isSameRelyingPartyName(body.relyingPartyName, options.relyingPartyName);

  app.get('/version', async (_request, reply) => reply.type('text/plain').send('Version: simulator. Built: onboarding.'));

  // The signing certificate; a pair SK does not know is NOT_FOUND
  // (docs/eid-facts.md section 3.4).
  app.post('/certificate', async (request, reply) => {
    const parsed = certificateBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send(stamped({ error: 'invalid request' }));
    if (!isKnownRelyingParty(parsed.data)) return reply.code(401).send(stamped({ error: 'relying party not authorised' }));
    const identity = findMobileIdIdentity(parsed.data.phoneNumber, parsed.data.nationalIdentityNumber);
    const result = identity?.certificateResult ?? 'NOT_FOUND';
    if (identity === undefined || result !== 'OK') return stamped({ result });
    const signer = await options.pki.mobileIdSigner(identity);
    return stamped({ result: 'OK', cert: signer.certificateDer.toString('base64') });
  });

  for (const session of ['authentication', 'signature'] as const satisfies readonly Session[]) {
    app.post(`/${session}`, async (request, reply) => {
      const parsed = sessionBody.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send(stamped({ error: 'invalid request' }));
      const body = parsed.data;
      if (!isKnownRelyingParty(body)) return reply.code(401).send(stamped({ error: 'relying party not authorised' }));
      const hash = decodeHash(body.hash, HASH_BYTE_LENGTHS[body.hashType]);
      if (hash === null) return reply.code(400).send(stamped({ error: 'hash does not match hashType' }));
      // SK refuses a text longer than its format's room, or marked GSM-7 that GSM-7 cannot carry (docs/eid-facts.md section 3.3).
      if (body.displayText !== undefined && !fitsDisplayText(body.displayText, body.displayTextFormat)) {
        return reply.code(400).send(stamped({ error: `displayText does not fit ${body.displayTextFormat}` }));
      }

      // A pair SK does not know is NOT_MID_CLIENT, reported through the session, never at start
      // (docs/eid-facts.md section 3.4).
      const identity = findMobileIdIdentity(body.phoneNumber, body.nationalIdentityNumber);
      const outcome = identity?.outcome ?? 'NOT_MID_CLIENT';
      let answer: SessionAnswer = { state: 'COMPLETE', result: outcome };
      if (identity !== undefined && outcome === 'OK') {
        // Authentication signs with the PIN1 key and returns its certificate; a signature uses the PIN2 key and returns none.
        const signer = session === 'authentication' ? await options.pki.mobileIdPerson(identity) : await options.pki.mobileIdSigner(identity);
        answer = {
          state: 'COMPLETE',
          result: 'OK',
          signature: {
            value: signDigest(signer.privateKey, hash, body.hashType).toString('base64'),
            algorithm: `${SIGNATURE_ALGORITHM_HASH[body.hashType]}WithECEncryption`,
          },
          ...(session === 'authentication' ? { cert: signer.certificateDer.toString('base64') } : {}),
        };
      }
      options.phoneScreens.show(body.nationalIdentityNumber, {
        service: 'MOBILE_ID',
        pin: session === 'authentication' ? 'PIN1' : 'PIN2',
        hash,
        displayText: body.displayText,
      });
      return stamped({ sessionID: stores[session].create(answer) });
    });

    app.get<{ Params: { sessionId: string }; Querystring: { timeoutMs?: string } }>(`/${session}/session/:sessionId`, async (request, reply) => {
      const answer = await stores[session].wait(request.params.sessionId, clampTimeout(request.query.timeoutMs), { supersede: true });
      if (answer === undefined) return reply.code(404).send(stamped({ error: 'session not found' }));
      return stamped(answer === 'RUNNING' ? { state: 'RUNNING' } : answer);
    });
  }
};
