import { isValidPersonalId } from '@onboarding/domain';
import { z } from 'zod';
import { decodeBase64 } from './base64.js';
import { parseTrustAnchors } from './certificate-parsing.js';
import { QC_TYPE_ESIGN, SMART_ID_QUALIFIED_POLICIES, SMART_ID_QUALIFIED_SIGNING_POLICIES, type PurposeRequirement } from './certificate-purpose.js';
import { validateAuthenticationResponse, validateSignatureResponse, validateSigningCertificate } from './certificate-validation.js';
import { hasHashLength } from './hash-types.js';
import { normaliseBaseUrl, requestJson, type JsonResponse } from './http-json.js';
import { fetchSessionStatus } from './session-status.js';
import { DEFAULT_SK_TIMEOUTS, type SkTimeouts } from './session-timeout.js';
import { smartIdEndResultCode, smartIdPollStatusCode, smartIdStartStatusCode } from './smart-id-outcomes.js';
import { IdentityError, type HashType, type MobileIdentityProvider, type PollFailure, type SmartIdSigningProvider } from './types.js';

export type SmartIdClientOptions = {
  /** e.g. https://sid.demo.sk.ee/smart-id-rp/v2/ (docs/eid-facts.md section 1.1). */
  baseUrl: string;
  relyingPartyUuid: string;
  relyingPartyName: string;
  /** PEM texts of the CAs that issue Smart-ID authentication and signing certificates. */
  trustAnchors: string[];
  /**
   * Shown with the PIN1 prompt, and with PIN2 unless a signature asks for another; at most 60 characters
   * (docs/eid-facts.md section 1.4).
   */
  displayText: string;
  fetch?: typeof fetch;
  /** Bounds of each call to SK; DEFAULT_SK_TIMEOUTS unless given (tests shorten them). */
  timeouts?: Partial<SkTimeouts>;
};

/** Sign-in and signing through the Smart-ID RP API v2. */
export type SmartIdClient = MobileIdentityProvider & SmartIdSigningProvider;

const DISPLAY_TEXT_60_MAX = 60;
// 32 bytes of UTF-8 (docs/eid-facts.md section 1.3).
const RELYING_PARTY_NAME_MAX_BYTES = 32;
const CERTIFICATE_LEVEL = 'QUALIFIED';

const AUTHENTICATION_PURPOSE: PurposeRequirement = { policies: SMART_ID_QUALIFIED_POLICIES };
const SIGNING_PURPOSE: PurposeRequirement = { use: 'signing', policies: SMART_ID_QUALIFIED_SIGNING_POLICIES, qcTypes: [QC_TYPE_ESIGN] };

const startResponse = z.object({ sessionID: z.string().min(1) });

// Unknown fields are ignored anywhere in an answer
// (docs/eid-facts.md section 1.5).
const sessionStatus = z.object({
  state: z.string(),
  result: z.object({ endResult: z.string(), documentNumber: z.string().optional() }).optional(),
  signature: z.object({ value: z.string() }).optional(),
  cert: z.object({ value: z.string(), certificateLevel: z.string().optional() }).optional(),
});

/** The parts of an OK session answer that the validation needs. */
type OkAnswer = { certificate: Buffer; certificateLevel: string | undefined; documentNumber: string | undefined; signature: Buffer | undefined };

const failed = (code: PollFailure['code'], detail: string): PollFailure => ({ status: 'FAILED', code, detail });

/** Sign-in and PIN2 signing speaking the Smart-ID RP API v2 (docs/eid-facts.md section 1). */
export const createSmartIdClient = (options: SmartIdClientOptions): SmartIdClient => {
  if (options.displayText.length > DISPLAY_TEXT_60_MAX) throw new Error(`Smart-ID displayText is longer than ${String(DISPLAY_TEXT_60_MAX)} characters`);
  if (Buffer.byteLength(options.relyingPartyName) > RELYING_PARTY_NAME_MAX_BYTES) throw new Error('Smart-ID relyingPartyName is longer than 32 bytes');
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const anchors = parseTrustAnchors(options.trustAnchors);
  const fetchFn = options.fetch ?? fetch;
  const timeouts: SkTimeouts = { ...DEFAULT_SK_TIMEOUTS, ...options.timeouts };

  // A code that fails the check digit has no account; it also keeps the path segment to 11 digits.
  const semanticsIdentifier = (personalId: string): string => {
    if (!isValidPersonalId(personalId)) throw new IdentityError('user_not_found', 'personal code is not valid');
    return `PNOEE-${personalId}`;
  };

  /** The fields of a request that the person confirms with a PIN (docs/eid-facts.md sections 1.3, 1.4). */
  const pinRequest = (hash: Uint8Array, hashType: HashType, displayText = options.displayText) => {
    if (!hasHashLength(hash, hashType)) throw new IdentityError('unexpected', 'hash length does not match hashType');
    if (displayText.length > DISPLAY_TEXT_60_MAX) throw new IdentityError('unexpected', 'Smart-ID displayText is longer than 60 characters');
    return {
      hash: Buffer.from(hash).toString('base64'),
      hashType,
      allowedInteractionsOrder: [{ type: 'displayTextAndPIN', displayText60: displayText }],
    };
  };

  /** POSTs a request that creates a session; throws IdentityError as the status table says. */
  const startSession = async (path: string, fields: Record<string, unknown> = {}): Promise<{ providerSessionId: string }> => {
    let response: JsonResponse;
    try {
      response = await requestJson(fetchFn, new URL(path, baseUrl), {
        method: 'POST',
        timeoutMs: timeouts.startMs,
        body: {
          relyingPartyUUID: options.relyingPartyUuid,
          relyingPartyName: options.relyingPartyName,
          certificateLevel: CERTIFICATE_LEVEL,
          ...fields,
        },
      });
    } catch (error) {
      throw new IdentityError('unexpected', error instanceof Error ? error.message : 'Smart-ID start failed');
    }
    if (response.status !== 200) throw new IdentityError(smartIdStartStatusCode(response.status), `Smart-ID start answered ${String(response.status)}`);
    const parsed = startResponse.safeParse(response.body);
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
    const { state, result, signature, cert } = answer.body;
    if (state === 'RUNNING') return { ok: false, result: { status: 'RUNNING' } };
    if (state !== 'COMPLETE' || result === undefined) return { ok: false, result: failed('unexpected', `Smart-ID state ${state}`) };
    if (result.endResult !== 'OK') return { ok: false, result: failed(smartIdEndResultCode(result.endResult), result.endResult) };
    const certificate = cert === undefined ? null : decodeBase64(cert.value);
    if (certificate === null) return { ok: false, result: failed('unexpected', 'OK without a certificate') };
    const signatureBytes = signature === undefined ? undefined : (decodeBase64(signature.value) ?? Buffer.alloc(0));
    return {
      ok: true,
      answer: { certificate, certificateLevel: cert?.certificateLevel, documentNumber: result.documentNumber, signature: signatureBytes },
    };
  };

  const level = (answer: OkAnswer) => ({ requested: CERTIFICATE_LEVEL, reported: answer.certificateLevel }) as const;

  return {
    method: 'SMART_ID',

    async start({ personalId, hash, hashType }) {
      return startSession(`authentication/etsi/${semanticsIdentifier(personalId)}`, pinRequest(hash, hashType));
    },

    async poll({ providerSessionId, hash, hashType, timeoutMs, personalId }) {
      const polled = await pollSession(providerSessionId, timeoutMs);
      if (!polled.ok) return polled.result;
      const { answer } = polled;
      if (answer.signature === undefined) return failed('unexpected', 'OK without signature or certificate');
      const validation = validateAuthenticationResponse({
        certificate: answer.certificate,
        signature: answer.signature,
        hash,
        hashType,
        trustAnchors: anchors,
        expectedPersonalId: personalId,
        purpose: AUTHENTICATION_PURPOSE,
        level: level(answer),
      });
      if (!validation.ok) return failed(validation.code, validation.reason);
      return { status: 'COMPLETE', person: validation.person };
    },

    // The person picks the account to sign with; no PIN is asked (docs/eid-facts.md sections 1.2, 1.3).
    async startCertificateChoice({ personalId }) {
      return startSession(`certificatechoice/etsi/${semanticsIdentifier(personalId)}`);
    },

    async pollCertificateChoice({ providerSessionId, personalId, timeoutMs }) {
      const polled = await pollSession(providerSessionId, timeoutMs);
      if (!polled.ok) return polled.result;
      const { answer } = polled;
      if (!answer.documentNumber) return failed('unexpected', 'OK without documentNumber');
      const validation = validateSigningCertificate({
        certificate: answer.certificate,
        trustAnchors: anchors,
        expectedPersonalId: personalId,
        purpose: SIGNING_PURPOSE,
        level: level(answer),
      });
      if (!validation.ok) return failed(validation.code, validation.reason);
      return {
        status: 'COMPLETE',
        signingCertificate: { certificate: answer.certificate.toString('base64'), documentNumber: answer.documentNumber, signer: validation.person },
      };
    },

    // signature/document/{documentNumber} signs with the chosen account, whose certificate the signed data names
    // (docs/eid-facts.md section 1.2).
    async startSignature({ personalId, documentNumber, hash, hashType, displayText }) {
      const target = documentNumber === undefined ? `etsi/${semanticsIdentifier(personalId)}` : `document/${encodeURIComponent(documentNumber)}`;
      return startSession(`signature/${target}`, pinRequest(hash, hashType, displayText));
    },

    async pollSignature({ providerSessionId, personalId, hash, hashType, certificate, timeoutMs }) {
      const polled = await pollSession(providerSessionId, timeoutMs);
      if (!polled.ok) return polled.result;
      const { answer } = polled;
      if (answer.signature === undefined) return failed('unexpected', 'OK without signature');
      const expectedCertificate = decodeBase64(certificate);
      if (expectedCertificate === null) return failed('unexpected', 'the certificate from the certificate step is not Base64');
      const validation = validateSignatureResponse({
        certificate: answer.certificate,
        signature: answer.signature,
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
