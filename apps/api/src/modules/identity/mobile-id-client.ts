import { isValidPersonalId } from '@onboarding/domain';
import { z } from 'zod';
import { parseTrustAnchors } from './certificate-parsing.js';
import { validateAuthenticationResponse } from './certificate-validation.js';
import { fitDisplayText } from './gsm7.js';
import { normaliseBaseUrl, requestJson, type JsonResponse } from './http-json.js';
import { mobileIdPollStatusCode, mobileIdResultCode } from './mobile-id-outcomes.js';
import { START_TIMEOUT_MS } from './session-timeout.js';
import { IdentityError, type IdentityPollResult, type MobileIdentityProvider } from './types.js';
import { fetchSessionStatus } from './session-status.js';

export type MobileIdLanguage = 'EST' | 'ENG' | 'RUS' | 'LIT';

export type MobileIdClientOptions = {
  /** e.g. https://tsp.demo.sk.ee/mid-api (EID-FACTS.md section 3.1). */
  baseUrl: string;
  relyingPartyUuid: string;
  relyingPartyName: string;
  /** PEM texts of the CAs that issue Mobile-ID authentication certificates. */
  trustAnchors: string[];
  /** Shown on the phone; cut to 100 GSM-7 or 50 UCS-2 characters (EID-FACTS.md section 3.3). */
  displayText?: string;
  /** Language of the phone prompt; default EST. */
  language?: MobileIdLanguage;
  fetch?: typeof fetch;
};

// SK's Java client pre-check (EID-FACTS.md section 3.3, MIDJ MidInputUtil).
const PHONE_NUMBER = /^\+\d{8,30}$/;

const startResponse = z.object({ sessionID: z.string().min(1) });

// Unknown fields are ignored (EID-FACTS.md section 3.1).
const sessionStatus = z.object({
  state: z.string(),
  result: z.string().optional(),
  signature: z.object({ value: z.string() }).optional(),
  cert: z.string().optional(),
});

/** A MobileIdentityProvider speaking the Mobile-ID REST API (EID-FACTS.md section 3). */
export const createMobileIdClient = (options: MobileIdClientOptions): MobileIdentityProvider => {
  const displayText = options.displayText === undefined ? {} : fitDisplayText(options.displayText);
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const anchors = parseTrustAnchors(options.trustAnchors);
  const fetchFn = options.fetch ?? fetch;
  // SK's UUID is a shared secret that must be lower case (EID-FACTS.md section 3.1).
  const relyingPartyUuid = options.relyingPartyUuid.toLowerCase();

  return {
    method: 'MOBILE_ID',

    async start({ personalId, phoneNumber, hash, hashType }) {
      // A code or number that cannot exist has no Mobile-ID; SK would only answer 400.
      if (!isValidPersonalId(personalId)) throw new IdentityError('user_not_found', 'personal code is not valid');
      if (phoneNumber === undefined || !PHONE_NUMBER.test(phoneNumber)) throw new IdentityError('user_not_found', 'phone number is not valid');
      let response: JsonResponse;
      try {
        response = await requestJson(fetchFn, new URL('authentication', baseUrl), {
          method: 'POST',
          timeoutMs: START_TIMEOUT_MS,
          body: {
            relyingPartyUUID: relyingPartyUuid,
            relyingPartyName: options.relyingPartyName,
            phoneNumber,
            nationalIdentityNumber: personalId,
            hash: Buffer.from(hash).toString('base64'),
            hashType,
            language: options.language ?? 'EST',
            ...displayText,
          },
        });
      } catch (error) {
        throw new IdentityError('unexpected', error instanceof Error ? error.message : 'Mobile-ID start failed');
      }
      if (response.status !== 200) throw new IdentityError('unexpected', `Mobile-ID start answered ${String(response.status)}`);
      const parsed = startResponse.safeParse(response.body);
      if (!parsed.success) throw new IdentityError('unexpected', 'Mobile-ID start answer has no sessionID');
      return { providerSessionId: parsed.data.sessionID };
    },

    async poll({ providerSessionId, hash, hashType, timeoutMs, personalId }): Promise<IdentityPollResult> {
      const answer = await fetchSessionStatus({
        fetchFn,
        url: new URL(`authentication/session/${encodeURIComponent(providerSessionId)}`, baseUrl),
        timeoutMs,
        schema: sessionStatus,
        service: 'Mobile-ID',
        codeForStatus: mobileIdPollStatusCode,
      });
      if (!answer.ok) return answer.failure;
      const { state, result, signature, cert } = answer.body;
      if (state === 'RUNNING') return { status: 'RUNNING' };
      if (state !== 'COMPLETE' || result === undefined) return { status: 'FAILED', code: 'unexpected', detail: `Mobile-ID state ${state}` };
      if (result !== 'OK') return { status: 'FAILED', code: mobileIdResultCode(result), detail: result };
      if (signature === undefined || cert === undefined) return { status: 'FAILED', code: 'unexpected', detail: 'OK without signature or certificate' };
      const validation = validateAuthenticationResponse({
        certificate: Buffer.from(cert, 'base64'),
        signature: Buffer.from(signature.value, 'base64'),
        hash,
        hashType,
        trustAnchors: anchors,
        expectedPersonalId: personalId,
      });
      if (!validation.ok) return { status: 'FAILED', code: validation.code, detail: validation.reason };
      return { status: 'COMPLETE', person: validation.person };
    },
  };
};
