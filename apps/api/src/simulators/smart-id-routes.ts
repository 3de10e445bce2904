import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { smartIdVerificationCode } from '@onboarding/domain';
import { z } from 'zod';
import { decodeBase64 } from '../modules/identity/base64.js';
import { signDigest } from '../modules/identity/digest-signature.js';
import type { HashType } from '../modules/identity/types.js';
import {
  acspV2Payload,
  hasValidAuthCode,
  isV3HashAlgorithm,
  parseDeviceLink,
  SCHEME_NAME_DEMO,
  sessionSecretDigest,
  signPss,
  userChallengeOf,
  V3_HASH_ALGORITHMS,
  type DeviceLinkType,
  type FlowType,
  type V3HashAlgorithm,
} from '../modules/identity/smart-id-v3-protocol.js';
import { createSessionStore } from './session-store.js';
import type { SigningIdentity } from './simulator-pki.js';
import { isSameRelyingPartyName, type ServiceSimulatorOptions } from './simulator-options.js';
import { findSmartIdIdentity, type SmartIdIdentity, type SmartIdOutcome } from './smart-id-identities.js';

/*
 * The Smart-ID RP API v3 stand-in (docs/eid-facts.md sections 1.9, 1.10, 2): notification sign-in,
 * device-link sign-in (anonymous or by personal code), certificate choice (by personal code, or by device
 * link with the linked signature that follows it), the signing certificate of an account, notification
 * signatures, the session status they share, and SK DEMO's /mock/device-link that plays the phone. It signs with its test CA's keys: RSASSA-PSS over the ACSP_V2 payload for sign-in,
 * RSASSA-PKCS1-v1_5 over the digest for signatures (the only RAW_DIGEST_SIGNATURE method it offers).
 */

// What our stand-in is: SK's DEMO, whose scheme name is smart-id-demo (docs/eid-facts.md section 2).
const SCHEME_NAME = SCHEME_NAME_DEMO;
// Where the links point; SK's own base, as DEMO answers it (docs/eid-facts.md section 1.10).
const DEVICE_LINK_BASE = 'https://smart-id.com/device-link';
// A device-link session nobody completes ends as TIMEOUT, so the stand-in forgets it.
const DEVICE_LINK_SESSION_MS = 3 * 60_000;
// SK's UX page: a QR shown is never older than 3 s (docs/eid-facts.md section 1.10).
const QR_MAX_LAG_SECONDS = 3;

const NOTIFICATION_INTERACTIONS = ['displayTextAndPIN', 'confirmationMessage', 'confirmationMessageAndVerificationCodeChoice'];
const DEVICE_LINK_INTERACTIONS = ['displayTextAndPIN', 'confirmationMessage'];

const interaction = z.object({ type: z.string(), displayText60: z.string().max(60).optional(), displayText200: z.string().max(200).optional() });
type Interaction = z.infer<typeof interaction>;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
// initialCallbackUrl: no fragment and no unencoded '|' (docs/eid-facts.md section 1.10); http is allowed here for local tests.
const callbackUrl = z
  .url()
  .max(1800)
  .regex(/^https?:\/\/[^|#]+$/);

const relyingParty = { relyingPartyUUID: z.string(), relyingPartyName: z.string() };
const authLevel = z.enum(['ADVANCED', 'QUALIFIED']).default('QUALIFIED');
const signingLevel = z.enum(['ADVANCED', 'QUALIFIED', 'QSCD']).default('QUALIFIED');
const nonce = z.string().min(1).max(30).optional();
const acspV2 = {
  signatureProtocol: z.literal('ACSP_V2'),
  signatureProtocolParameters: z.object({
    rpChallenge: z.string().min(44).max(88).regex(BASE64),
    signatureAlgorithm: z.literal('rsassa-pss'),
    signatureAlgorithmParameters: z.object({ hashAlgorithm: z.string() }),
  }),
  interactions: z.string().regex(BASE64),
};
const BODIES = {
  notificationAuthentication: z.strictObject({
    ...relyingParty,
    certificateLevel: authLevel,
    ...acspV2,
    vcType: z.literal('numeric4'),
    requestProperties: z.unknown().optional(),
  }),
  deviceLinkAuthentication: z.strictObject({
    ...relyingParty,
    certificateLevel: authLevel,
    ...acspV2,
    initialCallbackUrl: callbackUrl.optional(),
    requestProperties: z.unknown().optional(),
  }),
  certificateChoice: z.strictObject({ ...relyingParty, certificateLevel: signingLevel, nonce, requestProperties: z.unknown().optional() }),
  deviceLinkCertificateChoice: z.strictObject({
    ...relyingParty,
    certificateLevel: signingLevel,
    nonce,
    initialCallbackUrl: callbackUrl.optional(),
    requestProperties: z.unknown().optional(),
  }),
  certificate: z.strictObject({ ...relyingParty, certificateLevel: signingLevel }),
  signature: z.strictObject({
    ...relyingParty,
    certificateLevel: signingLevel,
    nonce,
    signatureProtocol: z.literal('RAW_DIGEST_SIGNATURE'),
    signatureProtocolParameters: z.object({
      digest: z.string().min(44).max(88).regex(BASE64),
      signatureAlgorithm: z.enum(['sha256WithRSAEncryption', 'sha384WithRSAEncryption', 'sha512WithRSAEncryption']),
      signatureAlgorithmParameters: z.object({ hashAlgorithm: z.string() }).optional(),
    }),
    interactions: z.string().regex(BASE64),
    requestProperties: z.unknown().optional(),
  }),
};
// A linked signature names the certificate choice by device link it follows (docs/eid-facts.md section 1.10).
const linkedSignature = BODIES.signature.extend({ linkedSessionID: z.string().min(1) });

const mockBody = z.object({
  documentNumber: z.string(),
  deviceLink: z.string(),
  flowType: z.enum(['QR', 'Web2App', 'App2App']),
  browserCookie: z.string().min(1).optional(),
  initialCallbackUrl: z.string().optional(),
});

// timeoutMs 1000-120000; the midpoint when omitted (docs/eid-facts.md section 1.5).
const sessionQuery = z.object({ timeoutMs: z.coerce.number().int().min(1000).max(120_000).default(60_500) });

const SEMANTICS_ID = /^PNO([A-Z]{2})-(.+)$/;
// The document numbers this stand-in hands out (SK DEMO's form, docs/eid-facts.md section 2).
const DOCUMENT_NUMBER = /^PNOEE-(\d{11})-MOCK-Q$/;
const documentNumberOf = (personalId: string) => `PNOEE-${personalId}-MOCK-Q`;
// An identical POST within 15 s returns the same session unless a nonce differs (docs/eid-facts.md section 1.2).
const IDEMPOTENCY_MS = 15_000;

/*
 * Certificate choice and the certificate call ask for no PIN, so of an account's outcomes only the
 * account-level ones end them: the refused device choice and an unusable account. Every other outcome
 * comes with the PIN2 signature that follows.
 */
const CERTIFICATE_CHOICE_OUTCOMES: ReadonlySet<SmartIdOutcome> = new Set(['USER_REFUSED_CERT_CHOICE', 'DOCUMENT_UNUSABLE']);

type SessionAnswer = Record<string, unknown>;
type Target = 'etsi' | 'document';

/**
 * A device-link session waiting for the phone: a sign-in (`auth`) or a signing account's choice (`cert`), what the
 * app knows of it, and who it is for. A choice binds no challenge or interactions: those come with its signature.
 */
type DeviceLinkSession = {
  sessionType: 'auth' | 'cert';
  sessionId: string;
  sessionSecret: string;
  createdAtMs: number;
  rpChallenge: string;
  interactions: string;
  offered: Interaction[];
  relyingPartyName: string;
  hashAlgorithm: V3HashAlgorithm;
  initialCallbackUrl?: string;
  /** Set when the session was started by personal code: only that person's account may complete it. */
  personalId?: string;
  used: boolean;
};

const RFC_9457_TITLES: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict' };

/** An RFC 9457 problem, as v3 answers errors (docs/eid-facts.md section 1.9). */
const problem = (reply: FastifyReply, status: number, detail: string, code?: string) =>
  reply
    .code(status)
    .type('application/problem+json')
    .send({ type: 'about:blank', title: RFC_9457_TITLES[status] ?? 'Error', status, detail, ...(code === undefined ? {} : { errors: [{ code, detail }] }) });

const complete = (identity: SmartIdIdentity): SessionAnswer => ({
  state: 'COMPLETE',
  result: { endResult: identity.outcome, ...(identity.refusedInteraction === undefined ? {} : { details: { interaction: identity.refusedInteraction } }) },
});
const certificateOf = (signer: SigningIdentity) => ({ value: signer.certificateDer.toString('base64'), certificateLevel: 'QUALIFIED' });

/** The interactions a request offers, or null when they are not Base64 JSON of SK's shape. */
const readInteractions = (value: string): Interaction[] | null => {
  const bytes = decodeBase64(value);
  if (bytes === null) return null;
  try {
    const parsed = z
      .array(interaction)
      .min(1)
      .safeParse(JSON.parse(bytes.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

const PKCS1_HASH_TYPES: Record<string, HashType> = { sha256WithRSAEncryption: 'SHA256', sha384WithRSAEncryption: 'SHA384', sha512WithRSAEncryption: 'SHA512' };

/** The digest a signature request asks to sign, or null when it is no Base64 or not the length its algorithm's hash gives. */
const digestOf = ({ digest, signatureAlgorithm }: { digest: string; signatureAlgorithm: string }): Buffer | null => {
  const hashType = PKCS1_HASH_TYPES[signatureAlgorithm] ?? 'SHA512';
  const bytes = decodeBase64(digest);
  return bytes !== null && bytes.length === V3_HASH_ALGORITHMS[`SHA-${hashType.slice(3)}` as V3HashAlgorithm].bytes ? bytes : null;
};

export type SmartIdStandIn = {
  /** The RP API v3, under the base path (…/smart-id-rp/v3). */
  api: (app: FastifyInstance) => Promise<void>;
  /** POST /mock/device-link, at the origin as at SK DEMO (docs/eid-facts.md section 1.10). */
  mock: (app: FastifyInstance) => Promise<void>;
};

export const createSmartIdStandIn = (options: ServiceSimulatorOptions): SmartIdStandIn => {
  const sessions = createSessionStore<SessionAnswer>(options.completionDelayMs);
  const deviceLinkSessions = new Map<string, DeviceLinkSession>();
  // Certificate choices by device link that ended OK, by session: the linked signature that may follow each, once.
  const chosen = new Map<string, { documentNumber: string; isLinked: boolean }>();
  const recent = new Map<string, { sessionId: string; at: number }>();

  /** The account a path names, undefined when it has none (404), null when the identifier is malformed (400). */
  const accountFor = (target: Target, id: string): SmartIdIdentity | undefined | null => {
    if (target === 'document') {
      const code = DOCUMENT_NUMBER.exec(id)?.[1];
      return code === undefined ? undefined : findSmartIdIdentity(code);
    }
    const match = SEMANTICS_ID.exec(id);
    if (match === null) return null;
    // Only Estonian accounts exist here; any other code has no account (docs/eid-facts.md section 2).
    return match[1] === 'EE' && match[2] !== undefined ? findSmartIdIdentity(match[2]) : undefined;
  };

  /** A signed-in answer: RSASSA-PSS over the ACSP_V2 payload with the person's PIN1 key, and the verifier the app returns. */
  const signedIn = async (
    identity: SmartIdIdentity,
    request: { rpChallenge: string; interactions: string; relyingPartyName: string; hashAlgorithm: V3HashAlgorithm; initialCallbackUrl?: string },
    used: Interaction,
    flowType: FlowType,
  ): Promise<{ answer: SessionAnswer; userChallengeVerifier: string }> => {
    const person = await options.pki.smartIdPerson(identity);
    const serverRandom = randomBytes(24).toString('base64');
    const userChallengeVerifier = randomBytes(32).toString('base64url');
    const userChallenge = userChallengeOf(userChallengeVerifier);
    const payload = acspV2Payload({
      schemeName: SCHEME_NAME,
      serverRandom,
      rpChallenge: request.rpChallenge,
      userChallenge,
      relyingPartyName: request.relyingPartyName,
      interactions: request.interactions,
      interactionTypeUsed: used.type,
      initialCallbackUrl: flowType === 'Web2App' || flowType === 'App2App' ? (request.initialCallbackUrl ?? '') : '',
      flowType,
    });
    const { hashAlgorithm } = request;
    return {
      userChallengeVerifier,
      answer: {
        state: 'COMPLETE',
        result: { endResult: 'OK', documentNumber: documentNumberOf(identity.personalId) },
        signatureProtocol: 'ACSP_V2',
        signature: {
          value: signPss(person.privateKey, payload, hashAlgorithm).toString('base64'),
          serverRandom,
          userChallenge,
          flowType,
          signatureAlgorithm: 'rsassa-pss',
          signatureAlgorithmParameters: {
            hashAlgorithm,
            maskGenAlgorithm: { algorithm: 'id-mgf1', parameters: { hashAlgorithm } },
            saltLength: V3_HASH_ALGORITHMS[hashAlgorithm].bytes,
            trailerField: '0xbc',
          },
        },
        cert: certificateOf(person),
        interactionTypeUsed: used.type,
      },
    };
  };

  /**
   * A PIN2 signature of the digest as the account's outcome says: PKCS#1 v1.5 with the separate PIN2 key, the
   * first interaction the app offers; the phone shows the prompt and the code derived from the digest.
   */
  const signatureSession = async (identity: SmartIdIdentity, signatureAlgorithm: string, digest: Buffer, offered: Interaction[]): Promise<string> => {
    const first = offered[0];
    options.phoneScreens.show(identity.personalId, {
      service: 'SMART_ID',
      pin: 'PIN2',
      hash: digest,
      displayText: first?.displayText60 ?? first?.displayText200,
    });
    const used = offered.find((entry) => NOTIFICATION_INTERACTIONS.includes(entry.type));
    if (used === undefined) return sessions.create({ state: 'COMPLETE', result: { endResult: 'REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP' } });
    if (identity.outcome !== 'OK') return sessions.create(complete(identity));
    const signer = await options.pki.smartIdSigner(identity);
    const hashType = PKCS1_HASH_TYPES[signatureAlgorithm] ?? 'SHA512';
    return sessions.create({
      state: 'COMPLETE',
      result: { endResult: 'OK', documentNumber: documentNumberOf(identity.personalId) },
      signatureProtocol: 'RAW_DIGEST_SIGNATURE',
      signature: { value: signDigest(signer.privateKey, digest, hashType).toString('base64'), flowType: 'Notification', signatureAlgorithm },
      cert: certificateOf(signer),
      interactionTypeUsed: used.type,
    });
  };

  /** Checks the relying party and level every request carries; a reply when they fail. */
  const refusedParty = (reply: FastifyReply, body: { relyingPartyUUID: string; relyingPartyName: string; certificateLevel: string }) => {
    // UUID and name identify the relying party; a mismatch is 401 (docs/eid-facts.md sections 1.3, 1.6).
    if (body.relyingPartyUUID !== options.relyingPartyUuid || !isSameRelyingPartyName(body.relyingPartyName, options.relyingPartyName)) {
      return problem(reply, 401, 'relying party not authorised');
    }
    // SK DEMO offers no ADVANCED accounts (docs/eid-facts.md section 2).
    if (body.certificateLevel === 'ADVANCED') return problem(reply, 403, 'ADVANCED level not allowed');
    return null;
  };

  /** Returns the session of an identical request within 15 s, as SK does. */
  const idempotent = (key: string | null, create: () => Promise<string>) => async (): Promise<string> => {
    const now = Date.now();
    for (const [entry, value] of recent) if (now - value.at > IDEMPOTENCY_MS) recent.delete(entry);
    const repeated = key === null ? undefined : recent.get(key);
    if (repeated !== undefined) return repeated.sessionId;
    const sessionId = await create();
    if (key !== null) recent.set(key, { sessionId, at: now });
    return sessionId;
  };

  /** A device-link session that waits for the phone, and ends as TIMEOUT if none comes; the answer SK gives. */
  const waitForPhone = (session: Omit<DeviceLinkSession, 'sessionId' | 'sessionSecret' | 'createdAtMs' | 'used'>) => {
    const sessionId = sessions.createPending({ state: 'COMPLETE', result: { endResult: 'TIMEOUT' } }, DEVICE_LINK_SESSION_MS);
    const sessionToken = randomBytes(18).toString('base64url').replace(/[-_]/g, 'A');
    const sessionSecret = randomBytes(32).toString('base64');
    for (const [token, entry] of deviceLinkSessions) if (Date.now() - entry.createdAtMs > 2 * DEVICE_LINK_SESSION_MS) deviceLinkSessions.delete(token);
    deviceLinkSessions.set(sessionToken, { ...session, sessionId, sessionSecret, createdAtMs: Date.now(), used: false });
    return { sessionID: sessionId, sessionToken, sessionSecret, deviceLinkBase: DEVICE_LINK_BASE };
  };

  const api = async (app: FastifyInstance) => {
    app.addHook('onClose', async () => {
      sessions.close();
      deviceLinkSessions.clear();
      chosen.clear();
    });

    app.post<{ Params: { id: string } }>('/authentication/notification/etsi/:id', async (request, reply) => {
      const parsed = BODIES.notificationAuthentication.safeParse(request.body);
      if (!parsed.success) return problem(reply, 400, 'invalid request');
      const body = parsed.data;
      const refused = refusedParty(reply, body);
      if (refused) return refused;
      const rpChallenge = decodeBase64(body.signatureProtocolParameters.rpChallenge);
      const offered = readInteractions(body.interactions);
      const { hashAlgorithm } = body.signatureProtocolParameters.signatureAlgorithmParameters;
      if (rpChallenge === null || rpChallenge.length < 32 || rpChallenge.length > 64) return problem(reply, 400, 'rpChallenge must be 32-64 bytes');
      if (offered === null || !isV3HashAlgorithm(hashAlgorithm)) return problem(reply, 400, 'invalid interactions or hashAlgorithm');
      const identity = accountFor('etsi', request.params.id);
      if (identity === null) return problem(reply, 400, 'invalid semantics identifier');
      if (identity === undefined) return problem(reply, 404, 'Not Found', 'NO_SUITABLE_ACCOUNT_FOUND');
      const used = offered.find((entry) => NOTIFICATION_INTERACTIONS.includes(entry.type));
      let answer: SessionAnswer;
      if (used === undefined) answer = { state: 'COMPLETE', result: { endResult: 'REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP' } };
      else if (identity.outcome !== 'OK') answer = complete(identity);
      else
        answer = (
          await signedIn(
            identity,
            { ...body.signatureProtocolParameters, interactions: body.interactions, relyingPartyName: body.relyingPartyName, hashAlgorithm },
            used,
            'Notification',
          )
        ).answer;
      const sessionId = sessions.create(answer);
      // The phone shows SHA-256 of the rpChallenge's bytes, as the RP does (docs/eid-facts.md section 1.9).
      const first = offered[0];
      options.phoneScreens.show(identity.personalId, {
        service: 'SMART_ID',
        pin: 'PIN1',
        hash: rpChallenge,
        displayText: first?.displayText60 ?? first?.displayText200,
      });
      return { sessionID: sessionId };
    });

    const startDeviceLink =
      (target: Target | 'anonymous') =>
      async (request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply): Promise<unknown> => {
        const parsed = BODIES.deviceLinkAuthentication.safeParse(request.body);
        if (!parsed.success) return problem(reply, 400, 'invalid request');
        const body = parsed.data;
        const refused = refusedParty(reply, body);
        if (refused) return refused;
        const rpChallenge = decodeBase64(body.signatureProtocolParameters.rpChallenge);
        const offered = readInteractions(body.interactions);
        const { hashAlgorithm } = body.signatureProtocolParameters.signatureAlgorithmParameters;
        if (rpChallenge === null || rpChallenge.length < 32 || rpChallenge.length > 64) return problem(reply, 400, 'rpChallenge must be 32-64 bytes');
        if (offered === null || !isV3HashAlgorithm(hashAlgorithm)) return problem(reply, 400, 'invalid interactions or hashAlgorithm');
        if (offered.some((entry) => !DEVICE_LINK_INTERACTIONS.includes(entry.type))) return problem(reply, 400, 'interaction not allowed in device-link flows');
        let personalId: string | undefined;
        if (target !== 'anonymous') {
          const identity = accountFor(target, request.params.id ?? '');
          if (identity === null) return problem(reply, 400, 'invalid semantics identifier');
          if (identity === undefined) return problem(reply, 404, 'Not Found', 'NO_SUITABLE_ACCOUNT_FOUND');
          personalId = identity.personalId;
        }
        return waitForPhone({
          sessionType: 'auth',
          rpChallenge: body.signatureProtocolParameters.rpChallenge,
          interactions: body.interactions,
          offered,
          relyingPartyName: body.relyingPartyName,
          hashAlgorithm,
          ...(body.initialCallbackUrl === undefined ? {} : { initialCallbackUrl: body.initialCallbackUrl }),
          ...(personalId === undefined ? {} : { personalId }),
        });
      };
    app.post('/authentication/device-link/anonymous', startDeviceLink('anonymous'));
    app.post('/authentication/device-link/etsi/:id', startDeviceLink('etsi'));
    app.post('/authentication/device-link/document/:id', startDeviceLink('document'));

    app.post<{ Params: { id: string } }>('/signature/certificate-choice/notification/etsi/:id', async (request, reply) => {
      const parsed = BODIES.certificateChoice.safeParse(request.body);
      if (!parsed.success) return problem(reply, 400, 'invalid request');
      const body = parsed.data;
      const refused = refusedParty(reply, body);
      if (refused) return refused;
      const identity = accountFor('etsi', request.params.id);
      if (identity === null) return problem(reply, 400, 'invalid semantics identifier');
      const key = body.nonce === undefined ? `${request.url} ${JSON.stringify(body)}` : null;
      if (identity === undefined) return problem(reply, 404, 'Not Found', 'NO_SUITABLE_ACCOUNT_FOUND');
      const sessionId = await idempotent(key, async () => {
        if (CERTIFICATE_CHOICE_OUTCOMES.has(identity.outcome)) return sessions.create(complete(identity));
        const signer = await options.pki.smartIdSigner(identity);
        return sessions.create({
          state: 'COMPLETE',
          result: { endResult: 'OK', documentNumber: documentNumberOf(identity.personalId) },
          cert: certificateOf(signer),
        });
      })();
      return { sessionID: sessionId };
    });

    // The account to sign with, chosen on the phone that scans the QR code or opens the link (docs/eid-facts.md section 1.10).
    app.post('/signature/certificate-choice/device-link/anonymous', async (request, reply) => {
      const parsed = BODIES.deviceLinkCertificateChoice.safeParse(request.body);
      if (!parsed.success) return problem(reply, 400, 'invalid request');
      const body = parsed.data;
      const refused = refusedParty(reply, body);
      if (refused) return refused;
      return waitForPhone({
        sessionType: 'cert',
        rpChallenge: '',
        interactions: '',
        offered: [],
        relyingPartyName: body.relyingPartyName,
        hashAlgorithm: 'SHA-512',
        ...(body.initialCallbackUrl === undefined ? {} : { initialCallbackUrl: body.initialCallbackUrl }),
      });
    });

    // The signing certificate of a known account, at once and with no action by the person (docs/eid-facts.md section 1.10).
    app.post<{ Params: { id: string } }>('/signature/certificate/:id', async (request, reply) => {
      const parsed = BODIES.certificate.safeParse(request.body);
      if (!parsed.success) return problem(reply, 400, 'invalid request');
      const refused = refusedParty(reply, parsed.data);
      if (refused) return refused;
      const identity = accountFor('document', request.params.id);
      if (!identity) return problem(reply, 404, 'Not Found', 'DOCUMENT_NOT_FOUND');
      if (identity.outcome === 'DOCUMENT_UNUSABLE') return { state: 'DOCUMENT_UNUSABLE' };
      return { state: 'OK', cert: certificateOf(await options.pki.smartIdSigner(identity)) };
    });

    const startSignature =
      (target: Target) =>
      async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply): Promise<unknown> => {
        const parsed = BODIES.signature.safeParse(request.body);
        if (!parsed.success) return problem(reply, 400, 'invalid request');
        const body = parsed.data;
        const refused = refusedParty(reply, body);
        if (refused) return refused;
        const digest = digestOf(body.signatureProtocolParameters);
        if (digest === null) return problem(reply, 400, 'digest does not match the signature algorithm');
        const offered = readInteractions(body.interactions);
        if (offered === null) return problem(reply, 400, 'invalid interactions');
        const identity = accountFor(target, request.params.id);
        if (identity === null) return problem(reply, 400, 'invalid semantics identifier');
        const key = body.nonce === undefined ? `${request.url} ${JSON.stringify(body)}` : null;
        if (identity === undefined) return problem(reply, 404, 'Not Found', 'NO_SUITABLE_ACCOUNT_FOUND');
        const sessionId = await idempotent(key, () => signatureSession(identity, body.signatureProtocolParameters.signatureAlgorithm, digest, offered))();
        // v3's server chooses the code of a signature and answers it; this stand-in derives it from the digest, and the phone shows the same.
        return { sessionID: sessionId, vc: { type: 'numeric4', value: smartIdVerificationCode(digest) } };
      };
    app.post('/signature/notification/etsi/:id', startSignature('etsi'));
    app.post('/signature/notification/document/:id', startSignature('document'));

    // The signature after a certificate choice by device link, on the account chosen; the app shows no code.
    app.post<{ Params: { id: string } }>('/signature/notification/linked/:id', async (request, reply) => {
      const parsed = linkedSignature.safeParse(request.body);
      if (!parsed.success) return problem(reply, 400, 'invalid request');
      const body = parsed.data;
      const refused = refusedParty(reply, body);
      if (refused) return refused;
      const digest = digestOf(body.signatureProtocolParameters);
      if (digest === null) return problem(reply, 400, 'digest does not match the signature algorithm');
      const offered = readInteractions(body.interactions);
      if (offered === null || offered.some((entry) => !DEVICE_LINK_INTERACTIONS.includes(entry.type))) return problem(reply, 400, 'invalid interactions');
      const choice = chosen.get(body.linkedSessionID);
      if (choice === undefined || choice.isLinked || choice.documentNumber !== request.params.id) {
        return problem(reply, 400, 'linkedSessionID is not a completed certificate choice of this document');
      }
      const identity = accountFor('document', request.params.id);
      if (!identity) return problem(reply, 404, 'Not Found', 'DOCUMENT_NOT_FOUND');
      choice.isLinked = true;
      return { sessionID: await signatureSession(identity, body.signatureProtocolParameters.signatureAlgorithm, digest, offered) };
    });

    app.get<{ Params: { sessionId: string } }>('/session/:sessionId', async (request, reply) => {
      const query = sessionQuery.safeParse(request.query);
      if (!query.success) return problem(reply, 400, 'timeoutMs must be 1000-120000');
      const answer = await sessions.wait(request.params.sessionId, query.data.timeoutMs);
      if (answer === undefined) return problem(reply, 404, 'session not found');
      return answer === 'RUNNING' ? { state: 'RUNNING' } : answer;
    });
  };

  /** Opens the callback as the phone's browser would, with the page's cookie; the answer is handed back for the test to follow. */
  // The address is answered too: a browser test opens it in the browser, as the app would (the callback is often a
  // page), and an API test that serves no page still gets it.
  const openCallback = async (url: string, parameters: string, browserCookie: string | undefined) => {
    const target = `${url}${url.includes('?') ? '&' : '?'}${parameters}`;
    try {
      const response = await fetch(target, {
        headers: browserCookie === undefined ? {} : { cookie: browserCookie },
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      return { url: target, status: response.status, location: response.headers.get('location') };
    } catch {
      return { url: target, status: 0, location: null };
    }
  };

  /** The phone's account chosen to sign with: the linked signature may follow, unless the account cannot sign at all. */
  const chooseAccount = async (session: DeviceLinkSession, identity: SmartIdIdentity): Promise<SessionAnswer> => {
    if (CERTIFICATE_CHOICE_OUTCOMES.has(identity.outcome)) return complete(identity);
    const documentNumber = documentNumberOf(identity.personalId);
    chosen.set(session.sessionId, { documentNumber, isLinked: false });
    return { state: 'COMPLETE', result: { endResult: 'OK', documentNumber }, cert: certificateOf(await options.pki.smartIdSigner(identity)) };
  };

  const mock = async (app: FastifyInstance) => {
    // The phone: reads the link, checks it as the app does, and answers the session as the account's outcome.
    app.post('/device-link', async (request, reply) => {
      const parsed = mockBody.safeParse(request.body);
      if (!parsed.success) return problem(reply, 400, 'invalid request');
      const body = parsed.data;
      const link = parseDeviceLink(body.deviceLink);
      if (link === null) return problem(reply, 400, 'not a device link');
      const session = deviceLinkSessions.get(link.sessionToken);
      if (session === undefined) return problem(reply, 404, 'no such session');
      if (session.used) return problem(reply, 409, 'the session was already used');
      if (link.deviceLinkType !== body.flowType) return problem(reply, 400, 'flowType is not the link type');
      if (link.deviceLinkBase !== DEVICE_LINK_BASE || link.sessionType !== session.sessionType)
        return problem(reply, 400, 'not this service’s link of this session');
      const isSameDevice = link.deviceLinkType !== 'QR';
      const authCodeContext = {
        schemeName: SCHEME_NAME,
        // A certificate choice binds no protocol, challenge or interactions (docs/eid-facts.md section 1.10).
        signatureProtocol: session.sessionType === 'auth' ? 'ACSP_V2' : '',
        challenge: session.rpChallenge,
        relyingPartyName: session.relyingPartyName,
        interactions: session.interactions,
        initialCallbackUrl: isSameDevice ? (session.initialCallbackUrl ?? '') : '',
      };
      if (!hasValidAuthCode(link, session.sessionSecret, authCodeContext)) return problem(reply, 400, 'authCode does not match');
      if (link.deviceLinkType === 'QR') {
        const ageSeconds = Math.floor((Date.now() - session.createdAtMs) / 1000);
        if ((link.elapsedSeconds ?? 0) < ageSeconds - QR_MAX_LAG_SECONDS) return problem(reply, 400, 'the QR code is too old');
      }
      if (isSameDevice && session.initialCallbackUrl === undefined) return problem(reply, 400, 'the session has no initialCallbackUrl');
      if (body.initialCallbackUrl !== undefined && body.initialCallbackUrl !== session.initialCallbackUrl)
        return problem(reply, 400, 'initialCallbackUrl is not the session’s');
      if (link.deviceLinkType === 'Web2App' && body.browserCookie === undefined) return problem(reply, 400, 'Web2App needs the browser cookie');
      const code = DOCUMENT_NUMBER.exec(body.documentNumber)?.[1];
      const identity = code === undefined ? undefined : findSmartIdIdentity(code);
      if (identity === undefined) return problem(reply, 404, 'no such document');
      if (session.personalId !== undefined && session.personalId !== identity.personalId) return problem(reply, 400, 'the session is for another person');

      session.used = true;
      const used = session.offered[0];
      let answer: SessionAnswer;
      let verifier: string | undefined;
      if (session.sessionType === 'cert') answer = await chooseAccount(session, identity);
      else if (used === undefined || identity.outcome !== 'OK') answer = complete(identity);
      else {
        const signed = await signedIn(identity, session, used, link.deviceLinkType as DeviceLinkType);
        answer = signed.answer;
        verifier = signed.userChallengeVerifier;
      }
      sessions.resolve(session.sessionId, answer);
      const endResult = (answer.result as { endResult: string }).endResult;
      if (!isSameDevice || session.initialCallbackUrl === undefined) return { endResult };
      // After the PIN the app opens the callback; a sign-in adds the verifier (docs/eid-facts.md section 1.10).
      const parameters = `sessionSecretDigest=${sessionSecretDigest(session.sessionSecret)}${verifier === undefined ? '' : `&userChallengeVerifier=${verifier}`}`;
      const callback = await openCallback(session.initialCallbackUrl, parameters, body.browserCookie);
      return { endResult, callbackUrl: callback.url, callback };
    });
  };

  return { api, mock };
};
