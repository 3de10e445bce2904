import { DEFAULT_LOCALE, isValidPersonalId, type Locale } from '@onboarding/domain';
import { z } from 'zod';
import { decodeBase64 } from './base64.js';
import { parseTrustAnchors } from './certificate-parsing.js';
import { validateAuthenticationResponse, validateSignatureResponse, validateSigningCertificate } from './certificate-validation.js';
import { fitDisplayText } from './gsm7.js';
import { MOBILE_ID_DISPLAY_TEXTS, MOBILE_ID_LANGUAGES, type MobileIdPrompt } from './mobile-id-display-texts.js';
import { hasHashLength } from './hash-types.js';
import { normaliseBaseUrl, requestJson, type JsonResponse } from './http-json.js';
import { mobileIdCertificateResultCode, mobileIdPollStatusCode, mobileIdResultCode } from './mobile-id-outcomes.js';
import { fetchSessionStatus } from './session-status.js';
import { DEFAULT_SK_TIMEOUTS, type SkTimeouts } from './session-timeout.js';
import { IdentityError, type HashType, type MobileIdentityProvider, type MobileIdSigningProvider, type PollFailure } from './types.js';

export type MobileIdClientOptions = {
  /** e.g. https://tsp.demo.sk.ee/mid-api (docs/eid-facts.md section 3.1). */
  baseUrl: string;
  relyingPartyUuid: string;
  relyingPartyName: string;
  /** PEM texts of the CAs that issue Mobile-ID authentication and signing certificates. */
  trustAnchors: string[];
  /**
   * Shown on the phone with the PIN1 and PIN2 prompts, per language; default
   * MOBILE_ID_DISPLAY_TEXTS. Each goes as GSM-7 when GSM-7 carries it, else
   * as UCS-2 (docs/eid-facts.md section 3.3).
   */
  displayTexts?: Record<MobileIdPrompt, Record<Locale, string>>;
  fetch?: typeof fetch;
  /** Bounds of each call to SK; DEFAULT_SK_TIMEOUTS unless given (tests shorten them). */
  timeouts?: Partial<SkTimeouts>;
};

/** Sign-in and signing through the Mobile-ID REST API. */
export type MobileIdClient = MobileIdentityProvider & MobileIdSigningProvider;

// SK's Java client pre-check (docs/eid-facts.md section 3.3, MIDJ MidInputUtil).
const PHONE_NUMBER = /^\+\d{8,30}$/;

const startResponse = z.object({ sessionID: z.string().min(1) });

// Unknown fields are ignored (docs/eid-facts.md section 3.1).
const sessionStatus = z.object({
  state: z.string(),
  result: z.string().optional(),
  signature: z.object({ value: z.string() }).optional(),
  cert: z.string().optional(),
});

const certificateResponse = z.object({ result: z.string(), cert: z.string().optional() });

type Session = 'authentication' | 'signature';
type OkAnswer = { signature: Buffer; certificate: Buffer | null };

const failed = (code: PollFailure['code'], detail: string): PollFailure => ({ status: 'FAILED', code, detail });

/** Sign-in and PIN2 signing speaking the Mobile-ID REST API (docs/eid-facts.md section 3). */
export const createMobileIdClient = (options: MobileIdClientOptions): MobileIdClient => {
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const anchors = parseTrustAnchors(options.trustAnchors);
  const fetchFn = options.fetch ?? fetch;
  const timeouts: SkTimeouts = { ...DEFAULT_SK_TIMEOUTS, ...options.timeouts };
  // SK's UUID is a shared secret that must be lower case
  // (docs/eid-facts.md section 3.1).
  const relyingPartyUuid = options.relyingPartyUuid.toLowerCase();

  // A code or number that cannot exist has no Mobile-ID; SK would only answer 400.
  const person = (personalId: string, phoneNumber: string | undefined) => {
    if (!isValidPersonalId(personalId)) throw new IdentityError('user_not_found', 'personal code is not valid');
    if (phoneNumber === undefined || !PHONE_NUMBER.test(phoneNumber)) throw new IdentityError('user_not_found', 'phone number is not valid');
    return { relyingPartyUUID: relyingPartyUuid, relyingPartyName: options.relyingPartyName, phoneNumber, nationalIdentityNumber: personalId };
  };

  const post = async (path: string, body: Record<string, unknown>): Promise<JsonResponse> => {
    try {
      return await requestJson(fetchFn, new URL(path, baseUrl), { method: 'POST', timeoutMs: timeouts.startMs, body });
    } catch (error) {
      throw new IdentityError('unexpected', error instanceof Error ? error.message : `Mobile-ID ${path} failed`);
    }
  };

  /** POST /authentication or /signature (docs/eid-facts.md section 3.3); every refusal at start is unexpected. */
  const startSession = async (
    session: Session,
    input: {
      personalId: string;
      phoneNumber?: string | undefined;
      hash: Uint8Array;
      hashType: HashType;
      displayText?: string | undefined;
      locale?: Locale | undefined;
    },
  ): Promise<{ providerSessionId: string }> => {
    const who = person(input.personalId, input.phoneNumber);
    if (!hasHashLength(input.hash, input.hashType)) throw new IdentityError('unexpected', 'hash length does not match hashType');
    // The prompt and the text in the person's language.
    const locale = input.locale ?? DEFAULT_LOCALE;
    const prompt: MobileIdPrompt = session === 'authentication' ? 'signIn' : 'signing';
    const text = input.displayText ?? (options.displayTexts ?? MOBILE_ID_DISPLAY_TEXTS)[prompt][locale];
    const response = await post(session, {
      ...who,
      hash: Buffer.from(input.hash).toString('base64'),
      hashType: input.hashType,
      language: MOBILE_ID_LANGUAGES[locale],
      ...fitDisplayText(text),
    });
    if (response.status !== 200) throw new IdentityError('unexpected', `Mobile-ID start answered ${String(response.status)}`);
    const parsed = startResponse.safeParse(response.body);
    if (!parsed.success) throw new IdentityError('unexpected', 'Mobile-ID start answer has no sessionID');
    return { providerSessionId: parsed.data.sessionID };
  };

  /** One status request: the OK answer, or the RUNNING or FAILED result to report. */
  const pollSession = async (
    session: Session,
    providerSessionId: string,
    timeoutMs: number,
  ): Promise<{ ok: true; answer: OkAnswer } | { ok: false; result: { status: 'RUNNING' } | PollFailure }> => {
    const answer = await fetchSessionStatus({
      fetchFn,
      url: new URL(`${session}/session/${encodeURIComponent(providerSessionId)}`, baseUrl),
      timeoutMs,
      schema: sessionStatus,
      service: 'Mobile-ID',
      marginMs: timeouts.longPollMarginMs,
      codeForStatus: mobileIdPollStatusCode,
    });
    if (!answer.ok) return { ok: false, result: answer.failure };
    const { state, result, signature, cert } = answer.body;
    if (state === 'RUNNING') return { ok: false, result: { status: 'RUNNING' } };
    if (state !== 'COMPLETE' || result === undefined) return { ok: false, result: failed('unexpected', `Mobile-ID state ${state}`) };
    if (result !== 'OK') return { ok: false, result: failed(mobileIdResultCode(result), result) };
    if (signature === undefined) return { ok: false, result: failed('unexpected', 'OK without signature') };
    return {
      ok: true,
      answer: { signature: decodeBase64(signature.value) ?? Buffer.alloc(0), certificate: cert === undefined ? null : decodeBase64(cert) },
    };
  };

  return {
    method: 'MOBILE_ID',

    start: (input) => startSession('authentication', input),

    async poll({ providerSessionId, hash, hashType, timeoutMs, personalId }) {
      const polled = await pollSession('authentication', providerSessionId, timeoutMs);
      if (!polled.ok) return polled.result;
      const { answer } = polled;
      if (answer.certificate === null) return failed('unexpected', 'OK without signature or certificate');
      const validation = validateAuthenticationResponse({
        certificate: answer.certificate,
        signature: answer.signature,
        hash,
        hashType,
        trustAnchors: anchors,
        expectedPersonalId: personalId,
      });
      if (!validation.ok) return failed(validation.code, validation.reason);
      return { status: 'COMPLETE', person: validation.person };
    },

    // The signing certificate is fetched apart: signature answers carry none
    // (docs/eid-facts.md section 3.4).
    async signingCertificate({ personalId, phoneNumber }) {
      const response = await post('certificate', person(personalId, phoneNumber));
      if (response.status !== 200) throw new IdentityError('unexpected', `Mobile-ID certificate answered ${String(response.status)}`);
      const parsed = certificateResponse.safeParse(response.body);
      if (!parsed.success) throw new IdentityError('unexpected', 'unreadable Mobile-ID certificate answer');
      const { result, cert } = parsed.data;
      if (result !== 'OK') throw new IdentityError(mobileIdCertificateResultCode(result), `Mobile-ID certificate result ${result}`);
      const certificate = cert === undefined ? null : decodeBase64(cert);
      if (certificate === null) throw new IdentityError('unexpected', 'Mobile-ID certificate OK without a certificate');
      const validation = validateSigningCertificate({ certificate, trustAnchors: anchors, expectedPersonalId: personalId });
      if (!validation.ok) throw new IdentityError(validation.code, validation.reason);
      return { certificate: certificate.toString('base64'), signer: validation.person };
    },

    startSignature: (input) => startSession('signature', input),

    async pollSignature({ providerSessionId, personalId, hash, hashType, certificate, timeoutMs }) {
      const polled = await pollSession('signature', providerSessionId, timeoutMs);
      if (!polled.ok) return polled.result;
      const signingCertificate = decodeBase64(certificate);
      if (signingCertificate === null) return failed('unexpected', 'the certificate from the certificate step is not Base64');
      const validation = validateSignatureResponse({
        certificate: signingCertificate,
        signature: polled.answer.signature,
        hash,
        hashType,
        trustAnchors: anchors,
        expectedPersonalId: personalId,
      });
      if (!validation.ok) return failed(validation.code, validation.reason);
      return { status: 'COMPLETE', evidence: validation.evidence };
    },
  };
};
