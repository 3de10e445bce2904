import { randomBytes, type KeyObject } from 'node:crypto';
import { isValidPersonalId } from '@onboarding/domain';
import { z } from 'zod';
import { decodeBase64 } from './base64.js';
import { parseTrustAnchors } from './certificate-parsing.js';
import { QC_TYPE_ESIGN, SMART_ID_QUALIFIED_POLICIES, SMART_ID_QUALIFIED_SIGNING_POLICIES, type PurposeRequirement } from './certificate-purpose.js';
import { validateSignatureResponse, validateSignedAuthentication, validateSigningCertificate } from './certificate-validation.js';
import { hasHashLength } from './hash-types.js';
import { normaliseBaseUrl, requestJson, type JsonResponse } from './http-json.js';
import { fetchSessionStatus } from './session-status.js';
import { DEFAULT_SK_TIMEOUTS, type SkTimeouts } from './session-timeout.js';
import type { DeviceLinkFlow, DeviceLinkSession } from './smart-id-device-link.js';
import { smartIdEndResultCode, smartIdPollStatusCode, smartIdStartStatusCode } from './smart-id-outcomes.js';
import {
  acspV2Payload,
  buildDeviceLink,
  interactionsFor,
  schemeNameFor,
  V3_HASH_ALGORITHMS,
  verifyPss,
  type AuthCodeContext,
  type FlowType,
  type V3HashAlgorithm,
} from './smart-id-v3-protocol.js';
import {
  IdentityError,
  type AuthenticatedPerson,
  type CertificateChoiceLink,
  type HashType,
  type MobileIdentityProvider,
  type PollFailure,
  type PollResult,
  type SigningCertificate,
  type SmartIdSigningProvider,
} from './types.js';

export type SmartIdClientOptions = {
  /** Ends in /v3/, e.g. https://sid.demo.sk.ee/smart-id-rp/v3/ (docs/eid-facts.md section 1.1). */
  baseUrl: string;
  relyingPartyUuid: string;
  /** Sent and signed byte for byte (docs/eid-facts.md section 1.9). */
  relyingPartyName: string;
  /** PEM texts of the CAs that issue Smart-ID authentication and signing certificates. */
  trustAnchors: string[];
  /**
   * Shown with the PIN1 prompt, and with PIN2 unless a signature asks for another; at most 60 characters
   * (docs/eid-facts.md section 1.4).
   */
  displayText: string;
  /** The first field of what is signed and of device links; schemeNameFor(baseUrl) unless given (SMART_ID_SCHEME_NAME). */
  schemeName?: string;
  fetch?: typeof fetch;
  /** Bounds of each call to SK; DEFAULT_SK_TIMEOUTS unless given (tests shorten them). */
  timeouts?: Partial<SkTimeouts>;
};

/** A device-link sign-in's validated answer. */
export type DeviceLinkAuthentication = { person: AuthenticatedPerson; documentNumber: string; userChallenge: string };

/** Sign-in (by personal code or device link) and signing through the Smart-ID RP API v3. */
export type SmartIdClient = MobileIdentityProvider &
  SmartIdSigningProvider & {
    /** POST authentication/device-link/anonymous: a session whose links the page shows; the person comes from the certificate. */
    startDeviceLinkAuthentication(input: { flow: DeviceLinkFlow; initialCallbackUrl?: string; now?: number }): Promise<DeviceLinkSession>;
    /** The link to show now (pure: an HMAC); QR links carry the whole seconds since the session was created. */
    deviceLink(session: DeviceLinkSession, input: { lang: 'est' | 'eng' | 'rus'; nowMs: number }): string;
    /** One status request of a device-link sign-in; COMPLETE has been validated like a sign-in by personal code. */
    pollDeviceLinkAuthentication(input: { session: DeviceLinkSession; timeoutMs: number }): Promise<PollResult<DeviceLinkAuthentication>>;
  };

const DISPLAY_TEXT_60_MAX = 60;
// 32 bytes of UTF-8 (docs/eid-facts.md section 1.3).
const RELYING_PARTY_NAME_MAX_BYTES = 32;
const CERTIFICATE_LEVEL = 'QUALIFIED';
// rpChallenge: 32-64 random bytes (docs/eid-facts.md section 1.9).
const RP_CHALLENGE_MIN_BYTES = 32;
const RP_CHALLENGE_MAX_BYTES = 64;
// Sign-in signatures: RSASSA-PSS over SHA-512 of the ACSP_V2 payload (docs/eid-facts.md section 1.9).
const AUTHENTICATION_HASH: V3HashAlgorithm = 'SHA-512';
const INTERACTION = 'displayTextAndPIN';

const AUTHENTICATION_PURPOSE: PurposeRequirement = { policies: SMART_ID_QUALIFIED_POLICIES };
const SIGNING_PURPOSE: PurposeRequirement = { use: 'signing', policies: SMART_ID_QUALIFIED_SIGNING_POLICIES, qcTypes: [QC_TYPE_ESIGN] };

const startResponse = z.object({ sessionID: z.string().min(1) });
const signatureStartResponse = startResponse.extend({ vc: z.object({ type: z.literal('numeric4'), value: z.string().regex(/^\d{4}$/) }) });
const deviceLinkResponse = startResponse.extend({
  sessionToken: z.string().regex(/^[A-Za-z0-9]+$/),
  sessionSecret: z.string().min(1),
  deviceLinkBase: z.url(),
});
const certificateAnswer = z.object({ value: z.string(), certificateLevel: z.string().optional() });
const certificateResponse = z.object({ state: z.string(), cert: certificateAnswer.optional() });
// RFC 9457 problem details; only for the log line.
const problem = z.object({
  title: z.string().optional(),
  detail: z.string().optional(),
  errors: z.array(z.object({ code: z.string().optional() })).optional(),
});

// Unknown fields are ignored anywhere in an answer (docs/eid-facts.md section 1.5).
const sessionStatus = z.object({
  state: z.string(),
  result: z
    .object({ endResult: z.string(), documentNumber: z.string().optional(), details: z.object({ interaction: z.string().optional() }).optional() })
    .optional(),
  signatureProtocol: z.string().optional(),
  signature: z
    .object({
      value: z.string().optional(),
      serverRandom: z.string().optional(),
      userChallenge: z.string().optional(),
      flowType: z.string().optional(),
      signatureAlgorithm: z.string().optional(),
      signatureAlgorithmParameters: z
        .object({
          hashAlgorithm: z.string().optional(),
          maskGenAlgorithm: z
            .object({ algorithm: z.string().optional(), parameters: z.object({ hashAlgorithm: z.string().optional() }).optional() })
            .optional(),
          saltLength: z.number().optional(),
          trailerField: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
  cert: certificateAnswer.optional(),
  interactionTypeUsed: z.string().optional(),
});
type SessionStatus = z.infer<typeof sessionStatus>;

/** The parts of an OK session answer that the validation needs. */
type OkAnswer = { body: SessionStatus; certificate: Buffer; certificateLevel: string | undefined; documentNumber: string | undefined };

const failed = (code: PollFailure['code'], detail: string): PollFailure => ({ status: 'FAILED', code, detail });

const USER_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const SERVER_RANDOM_MIN_LENGTH = 24;

/**
 * initialCallbackUrl: https, no fragment, no unencoded '|' (docs/eid-facts.md section 1.10). http is
 * accepted on a loopback host only, where nothing but the stand-in can call it (tests).
 */
const isCallbackUrl = (url: string | undefined): url is string => {
  if (url === undefined || url.length > 1800 || /[#|]/.test(url) || !URL.canParse(url)) return false;
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || (protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname));
};

/** Why an OK sign-in answer is not the one we asked for, or null: ACSP_V2, RSASSA-PSS over our hash, the flow and interaction offered. */
const acspV2Problem = (body: SessionStatus, flowType: FlowType): string | null => {
  const { signature } = body;
  if (body.signatureProtocol !== 'ACSP_V2') return 'signature protocol is not ACSP_V2';
  if (signature?.signatureAlgorithm !== 'rsassa-pss') return 'signature algorithm is not rsassa-pss';
  const parameters = signature.signatureAlgorithmParameters;
  if (parameters?.hashAlgorithm !== AUTHENTICATION_HASH) return 'signature hash is not the one requested';
  const mgfHash = parameters.maskGenAlgorithm?.parameters?.hashAlgorithm;
  if (mgfHash !== undefined && mgfHash !== AUTHENTICATION_HASH) return 'MGF1 hash is not the one requested';
  if (parameters.saltLength !== undefined && parameters.saltLength !== V3_HASH_ALGORITHMS[AUTHENTICATION_HASH].bytes) return 'salt length differs';
  if (parameters.trailerField !== undefined && parameters.trailerField !== '0xbc') return 'trailer field differs';
  if (signature.flowType !== flowType) return 'flow type is not the one offered';
  if (body.interactionTypeUsed !== INTERACTION) return 'interaction is not the one offered';
  // serverRandom: at least 24 Base64 characters, as SK's schema and 3.x client ask (docs/eid-facts.md section 1.12).
  if ((signature.serverRandom?.length ?? 0) < SERVER_RANDOM_MIN_LENGTH || !USER_CHALLENGE.test(signature.userChallenge ?? '')) {
    return 'serverRandom or userChallenge missing';
  }
  return null;
};

/** Sign-in and PIN2 signing speaking the Smart-ID RP API v3 (docs/eid-facts.md sections 1.9, 1.10). */
export const createSmartIdClient = (options: SmartIdClientOptions): SmartIdClient => {
  if (options.displayText.length > DISPLAY_TEXT_60_MAX) throw new Error(`Smart-ID displayText is longer than ${String(DISPLAY_TEXT_60_MAX)} characters`);
  if (Buffer.byteLength(options.relyingPartyName) > RELYING_PARTY_NAME_MAX_BYTES) throw new Error('Smart-ID relyingPartyName is longer than 32 bytes');
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const schemeName = options.schemeName ?? schemeNameFor(baseUrl.href);
  const anchors = parseTrustAnchors(options.trustAnchors);
  const fetchFn = options.fetch ?? fetch;
  const timeouts: SkTimeouts = { ...DEFAULT_SK_TIMEOUTS, ...options.timeouts };
  // The interactions are a pure function of the display text, so a poll on any instance rebuilds the string the start sent.
  const interactions = interactionsFor(options.displayText);

  // A code that fails the check digit has no account; it also keeps the path segment to 11 digits.
  const semanticsIdentifier = (personalId: string): string => {
    if (!isValidPersonalId(personalId)) throw new IdentityError('user_not_found', 'personal code is not valid');
    return `PNOEE-${personalId}`;
  };

  const relyingParty = { relyingPartyUUID: options.relyingPartyUuid, relyingPartyName: options.relyingPartyName, certificateLevel: CERTIFICATE_LEVEL };

  /** The ACSP_V2 fields of a sign-in request (docs/eid-facts.md section 1.9). */
  const authenticationRequest = (rpChallenge: string) => ({
    signatureProtocol: 'ACSP_V2',
    signatureProtocolParameters: { rpChallenge, signatureAlgorithm: 'rsassa-pss', signatureAlgorithmParameters: { hashAlgorithm: AUTHENTICATION_HASH } },
    interactions,
  });

  /** POSTs a request; throws IdentityError as the status table says, naming the problem's code for the log. */
  const post = async (path: string, fields: Record<string, unknown>): Promise<unknown> => {
    let response: JsonResponse;
    try {
      response = await requestJson(fetchFn, new URL(path, baseUrl), { method: 'POST', timeoutMs: timeouts.startMs, body: { ...relyingParty, ...fields } });
    } catch (error) {
      throw new IdentityError('unexpected', error instanceof Error ? error.message : 'Smart-ID start failed');
    }
    if (response.status !== 200) {
      const details = problem.safeParse(response.body);
      const code = details.success ? (details.data.errors?.find((entry) => entry.code)?.code ?? details.data.title) : undefined;
      throw new IdentityError(smartIdStartStatusCode(response.status), `Smart-ID answered ${String(response.status)}${code ? ` (${code})` : ''}`);
    }
    return response.body;
  };

  const startSession = async (path: string, fields: Record<string, unknown>): Promise<{ providerSessionId: string }> => {
    const parsed = startResponse.safeParse(await post(path, fields));
    if (!parsed.success) throw new IdentityError('unexpected', 'Smart-ID start answer has no sessionID');
    return { providerSessionId: parsed.data.sessionID };
  };

  /** One status request: the OK answer with its certificate, or the RUNNING or FAILED result to report. */
  const pollSession = async (
    providerSessionId: string,
    timeoutMs: number,
  ): Promise<{ ok: true; answer: OkAnswer } | { ok: false; result: { status: 'RUNNING' } | PollFailure }> => {
    const answer = await fetchSessionStatus({
      fetchFn,
      url: new URL(`session/${encodeURIComponent(providerSessionId)}`, baseUrl),
      timeoutMs,
      schema: sessionStatus,
      service: 'Smart-ID',
      marginMs: timeouts.longPollMarginMs,
      codeForStatus: smartIdPollStatusCode,
    });
    if (!answer.ok) return { ok: false, result: answer.failure };
    const { body } = answer;
    const { state, result, cert } = body;
    if (state === 'RUNNING') return { ok: false, result: { status: 'RUNNING' } };
    if (state !== 'COMPLETE' || result === undefined) return { ok: false, result: failed('unexpected', `Smart-ID state ${state}`) };
    if (result.endResult !== 'OK') {
      const interaction = result.details?.interaction;
      return { ok: false, result: failed(smartIdEndResultCode(result.endResult), interaction ? `${result.endResult} ${interaction}` : result.endResult) };
    }
    const certificate = cert === undefined ? null : decodeBase64(cert.value);
    if (certificate === null) return { ok: false, result: failed('unexpected', 'OK without a certificate') };
    return { ok: true, answer: { body, certificate, certificateLevel: cert?.certificateLevel, documentNumber: result.documentNumber } };
  };

  /** Starts a device-link session (sign-in or certificate choice); a Web2App one names where the app returns. */
  const startDeviceLinkSession = async (
    path: string,
    fields: Record<string, unknown>,
    flow: DeviceLinkFlow,
    initialCallbackUrl: string | undefined,
    now: number | undefined,
  ): Promise<CertificateChoiceLink> => {
    if (flow === 'Web2App' && !isCallbackUrl(initialCallbackUrl))
      throw new IdentityError('unexpected', 'Web2App needs an https initialCallbackUrl without # or |');
    const createdAtMs = now ?? Date.now();
    const parsed = deviceLinkResponse.safeParse(await post(path, { ...fields, ...(flow === 'Web2App' ? { initialCallbackUrl } : {}) }));
    // Nothing of the answer goes into the message: it carries the session's secret.
    if (!parsed.success) throw new IdentityError('unexpected', 'Smart-ID device-link answer is incomplete');
    return {
      providerSessionId: parsed.data.sessionID,
      sessionToken: parsed.data.sessionToken,
      sessionSecret: parsed.data.sessionSecret,
      deviceLinkBase: parsed.data.deviceLinkBase,
      flow,
      ...(flow === 'Web2App' && initialCallbackUrl !== undefined ? { initialCallbackUrl } : {}),
      createdAtMs,
    };
  };

  /** The link of a device-link session to show now: QR links carry the whole seconds since the session was created. */
  const linkOf = (
    session: CertificateChoiceLink,
    sessionType: 'auth' | 'cert',
    { lang, nowMs }: { lang: string; nowMs: number },
    bound: Pick<AuthCodeContext, 'signatureProtocol' | 'challenge' | 'interactions'>,
  ): string => {
    const isQr = session.flow === 'QR';
    return buildDeviceLink(
      {
        deviceLinkBase: session.deviceLinkBase,
        deviceLinkType: session.flow,
        ...(isQr ? { elapsedSeconds: Math.max(0, Math.floor((nowMs - session.createdAtMs) / 1000)) } : {}),
        sessionToken: session.sessionToken,
        sessionType,
        lang,
      },
      session.sessionSecret,
      { schemeName, relyingPartyName: options.relyingPartyName, ...bound, initialCallbackUrl: isQr ? '' : (session.initialCallbackUrl ?? '') },
    );
  };

  /** The RAW_DIGEST_SIGNATURE fields of a signature request over this hash, with the text shown beside PIN2. */
  const rawDigestSignature = (hash: Uint8Array, hashType: HashType, displayText: string | undefined) => {
    if (!hasHashLength(hash, hashType)) throw new IdentityError('unexpected', 'hash length does not match hashType');
    const text = displayText ?? options.displayText;
    if (text.length > DISPLAY_TEXT_60_MAX) throw new IdentityError('unexpected', 'Smart-ID displayText is longer than 60 characters');
    return {
      signatureProtocol: 'RAW_DIGEST_SIGNATURE',
      signatureProtocolParameters: { digest: Buffer.from(hash).toString('base64'), signatureAlgorithm: rawSignatureAlgorithm(hashType) },
      interactions: interactionsFor(text),
    };
  };

  const level = (answer: OkAnswer) => ({ requested: CERTIFICATE_LEVEL, reported: answer.certificateLevel }) as const;

  /** Validates an OK sign-in answer: ACSP_V2 as asked, PSS over the rebuilt payload, and every certificate check. */
  const validateSignIn = (
    answer: OkAnswer,
    expected: { rpChallenge: string; flowType: FlowType; initialCallbackUrl?: string; interactions: string; personalId: string | null },
  ): PollResult<{ person: AuthenticatedPerson; userChallenge: string }> => {
    const problemText = acspV2Problem(answer.body, expected.flowType);
    if (problemText !== null) return failed('unexpected', problemText);
    const signature = answer.body.signature;
    const signatureBytes = decodeBase64(signature?.value ?? '');
    const userChallenge = signature?.userChallenge ?? '';
    if (signatureBytes === null) return failed('unexpected', 'signature is not Base64');
    const payload = acspV2Payload({
      schemeName,
      serverRandom: signature?.serverRandom ?? '',
      rpChallenge: expected.rpChallenge,
      userChallenge,
      relyingPartyName: options.relyingPartyName,
      interactions: expected.interactions,
      interactionTypeUsed: INTERACTION,
      initialCallbackUrl: expected.initialCallbackUrl ?? '',
      flowType: expected.flowType,
    });
    const validation = validateSignedAuthentication({
      certificate: answer.certificate,
      trustAnchors: anchors,
      expectedPersonalId: expected.personalId,
      purpose: AUTHENTICATION_PURPOSE,
      level: level(answer),
      verifies: (publicKey: KeyObject) => verifyPss(publicKey, payload, AUTHENTICATION_HASH, signatureBytes),
    });
    if (!validation.ok) return failed(validation.code, validation.reason);
    return { status: 'COMPLETE', person: validation.person, userChallenge };
  };

  const validatedSigningCertificate = (
    certificate: Buffer,
    reportedLevel: string | undefined,
    personalId: string,
    documentNumber: string,
  ): SigningCertificate | PollFailure => {
    const validation = validateSigningCertificate({
      certificate,
      trustAnchors: anchors,
      expectedPersonalId: personalId,
      purpose: SIGNING_PURPOSE,
      level: { requested: CERTIFICATE_LEVEL, reported: reportedLevel },
    });
    if (!validation.ok) return failed(validation.code, validation.reason);
    return { certificate: certificate.toString('base64'), documentNumber, signer: validation.person };
  };

  return {
    method: 'SMART_ID',

    // The hash the auth service made is the rpChallenge, so the code it shows is SK's notification code (section 1.9).
    async start({ personalId, hash }) {
      if (hash.length < RP_CHALLENGE_MIN_BYTES || hash.length > RP_CHALLENGE_MAX_BYTES)
        throw new IdentityError('unexpected', 'rpChallenge must be 32-64 bytes');
      return startSession(`authentication/notification/etsi/${semanticsIdentifier(personalId)}`, {
        ...authenticationRequest(Buffer.from(hash).toString('base64')),
        vcType: 'numeric4',
      });
    },

    async poll({ providerSessionId, hash, timeoutMs, personalId }) {
      const polled = await pollSession(providerSessionId, timeoutMs);
      if (!polled.ok) return polled.result;
      const validated = validateSignIn(polled.answer, {
        rpChallenge: Buffer.from(hash).toString('base64'),
        flowType: 'Notification',
        interactions,
        personalId,
      });
      if (validated.status !== 'COMPLETE') return validated;
      const { documentNumber } = polled.answer;
      return { status: 'COMPLETE', person: validated.person, ...(documentNumber ? { documentNumber } : {}) };
    },

    async startDeviceLinkAuthentication({ flow, initialCallbackUrl, now }) {
      const rpChallenge = randomBytes(RP_CHALLENGE_MAX_BYTES).toString('base64');
      const started = await startDeviceLinkSession('authentication/device-link/anonymous', authenticationRequest(rpChallenge), flow, initialCallbackUrl, now);
      return { ...started, rpChallenge, interactions };
    },

    deviceLink(session, { lang, nowMs }) {
      return linkOf(session, 'auth', { lang, nowMs }, { signatureProtocol: 'ACSP_V2', challenge: session.rpChallenge, interactions: session.interactions });
    },

    async pollDeviceLinkAuthentication({ session, timeoutMs }) {
      const polled = await pollSession(session.providerSessionId, timeoutMs);
      if (!polled.ok) return polled.result;
      const documentNumber = polled.answer.documentNumber;
      if (!documentNumber) return failed('unexpected', 'OK without documentNumber');
      const validated = validateSignIn(polled.answer, {
        rpChallenge: session.rpChallenge,
        flowType: session.flow,
        interactions: session.interactions,
        personalId: null,
        ...(session.flow === 'Web2App' && session.initialCallbackUrl !== undefined ? { initialCallbackUrl: session.initialCallbackUrl } : {}),
      });
      return validated.status === 'COMPLETE'
        ? { status: 'COMPLETE', person: validated.person, documentNumber, userChallenge: validated.userChallenge }
        : validated;
    },

    // The account to sign with, chosen by QR code or app link; no PIN is asked yet (docs/eid-facts.md section 1.10).
    // Its body names nobody, so two people's starts within SK's 15 s would be the same request and could be given
    // the same session (docs/eid-facts.md section 1.2): a random nonce keeps each one its own.
    startDeviceLinkCertificateChoice: ({ flow, initialCallbackUrl, now }) =>
      startDeviceLinkSession(
        'signature/certificate-choice/device-link/anonymous',
        { nonce: randomBytes(15).toString('base64url') },
        flow,
        initialCallbackUrl,
        now,
      ),

    // A certificate choice's authCode binds no protocol, digest or interactions: those come with the linked signature.
    certificateChoiceLink: (session, { lang, nowMs }) => linkOf(session, 'cert', { lang, nowMs }, { signatureProtocol: '', challenge: '', interactions: '' }),

    // Named by the choice it follows, on the account chosen: the app that is open asks PIN2, with no code to compare.
    async startLinkedSignature({ documentNumber, linkedSessionId, hash, hashType, displayText }) {
      return startSession(`signature/notification/linked/${encodeURIComponent(documentNumber)}`, {
        ...rawDigestSignature(hash, hashType, displayText),
        linkedSessionID: linkedSessionId,
      });
    },

    async pollCertificateChoice({ providerSessionId, personalId, timeoutMs }) {
      const polled = await pollSession(providerSessionId, timeoutMs);
      if (!polled.ok) return polled.result;
      const { answer } = polled;
      if (!answer.documentNumber) return failed('unexpected', 'OK without documentNumber');
      const checked = validatedSigningCertificate(answer.certificate, answer.certificateLevel, personalId, answer.documentNumber);
      return 'status' in checked ? checked : { status: 'COMPLETE', signingCertificate: checked };
    },

    async signingCertificate({ documentNumber, personalId }) {
      const parsed = certificateResponse.safeParse(await post(`signature/certificate/${encodeURIComponent(documentNumber)}`, {}));
      if (!parsed.success) throw new IdentityError('unexpected', 'unreadable Smart-ID certificate answer');
      if (parsed.data.state !== 'OK') throw new IdentityError(smartIdEndResultCode(parsed.data.state), parsed.data.state);
      const certificate = decodeBase64(parsed.data.cert?.value ?? '');
      if (certificate === null) throw new IdentityError('unexpected', 'OK without a certificate');
      const checked = validatedSigningCertificate(certificate, parsed.data.cert?.certificateLevel, personalId, documentNumber);
      if ('status' in checked) throw new IdentityError(checked.code, checked.detail);
      return checked;
    },

    /*
     * RAW_DIGEST_SIGNATURE over the hash, RSASSA-PKCS1-v1_5 (sha…WithRSAEncryption): the ASiC-E's
     * signature method, which SK keeps as a legacy option in v3 (docs/eid-facts.md section 1.9).
     * The code to show is SK's, from the answer.
     */
    async startSignature({ personalId, documentNumber, hash, hashType, displayText }) {
      const target = documentNumber === undefined ? `etsi/${semanticsIdentifier(personalId)}` : `document/${encodeURIComponent(documentNumber)}`;
      const body = await post(`signature/notification/${target}`, rawDigestSignature(hash, hashType, displayText));
      const parsed = signatureStartResponse.safeParse(body);
      if (!parsed.success) throw new IdentityError('unexpected', 'Smart-ID signature answer has no sessionID or vc');
      return { providerSessionId: parsed.data.sessionID, verificationCode: parsed.data.vc.value };
    },

    async pollSignature({ providerSessionId, personalId, hash, hashType, certificate, timeoutMs }) {
      const polled = await pollSession(providerSessionId, timeoutMs);
      if (!polled.ok) return polled.result;
      const { answer } = polled;
      const { signature } = answer.body;
      if (answer.body.signatureProtocol !== 'RAW_DIGEST_SIGNATURE') return failed('unexpected', 'signature protocol is not RAW_DIGEST_SIGNATURE');
      if (signature?.signatureAlgorithm !== rawSignatureAlgorithm(hashType)) return failed('unexpected', 'signature algorithm is not the one requested');
      if (signature.flowType !== 'Notification') return failed('unexpected', 'flow type is not the one offered');
      const signatureBytes = decodeBase64(signature.value ?? '');
      if (signatureBytes === null) return failed('unexpected', 'OK without signature');
      const expectedCertificate = decodeBase64(certificate);
      if (expectedCertificate === null) return failed('unexpected', 'the certificate from the certificate step is not Base64');
      const validation = validateSignatureResponse({
        certificate: answer.certificate,
        signature: signatureBytes,
        hash,
        hashType,
        trustAnchors: anchors,
        expectedPersonalId: personalId,
        expectedCertificate,
        purpose: SIGNING_PURPOSE,
        level: level(answer),
      });
      if (!validation.ok) return failed(validation.code, validation.reason);
      return { status: 'COMPLETE', evidence: validation.evidence };
    },
  };
};

/** sha256WithRSAEncryption etc.: the PKCS#1 v1.5 name for the digest's hash, as the signed data names it. */
const rawSignatureAlgorithm = (hashType: HashType): string => `sha${hashType.slice(3)}WithRSAEncryption`;
