import { isValidPersonalId } from '@onboarding/domain';
import { z } from 'zod';
import { parseTrustAnchors } from './certificate-parsing.js';
import { SMART_ID_QUALIFIED_POLICIES } from './certificate-purpose.js';
import { validateAuthenticationResponse } from './certificate-validation.js';
import { normaliseBaseUrl, requestJson, type JsonResponse } from './http-json.js';
import { START_TIMEOUT_MS } from './session-timeout.js';
import { smartIdEndResultCode, smartIdPollStatusCode, smartIdStartStatusCode } from './smart-id-outcomes.js';
import { IdentityError, type IdentityPollResult, type MobileIdentityProvider } from './types.js';
import { fetchSessionStatus } from './session-status.js';

export type SmartIdClientOptions = {
  /** e.g. https://sid.demo.sk.ee/smart-id-rp/v2/ (EID-FACTS.md section 1.1). */
  baseUrl: string;
  relyingPartyUuid: string;
  relyingPartyName: string;
  /** PEM texts of the CAs that issue Smart-ID authentication certificates. */
  trustAnchors: string[];
  /** Shown with the PIN1 prompt; at most 60 characters (EID-FACTS.md section 1.4). */
  displayText: string;
  fetch?: typeof fetch;
};

const DISPLAY_TEXT_60_MAX = 60;
// 32 bytes of UTF-8 (EID-FACTS.md section 1.3).
const RELYING_PARTY_NAME_MAX_BYTES = 32;
const CERTIFICATE_LEVEL = 'QUALIFIED';

const startResponse = z.object({ sessionID: z.string().min(1) });

// Unknown fields are ignored anywhere in an answer (EID-FACTS.md section 1.5).
const sessionStatus = z.object({
  state: z.string(),
  result: z.object({ endResult: z.string() }).optional(),
  signature: z.object({ value: z.string() }).optional(),
  cert: z.object({ value: z.string(), certificateLevel: z.string().optional() }).optional(),
});

/** A MobileIdentityProvider speaking the Smart-ID RP API v2 (EID-FACTS.md section 1). */
export const createSmartIdClient = (options: SmartIdClientOptions): MobileIdentityProvider => {
  if (options.displayText.length > DISPLAY_TEXT_60_MAX) throw new Error(`Smart-ID displayText is longer than ${String(DISPLAY_TEXT_60_MAX)} characters`);
  if (Buffer.byteLength(options.relyingPartyName) > RELYING_PARTY_NAME_MAX_BYTES) throw new Error('Smart-ID relyingPartyName is longer than 32 bytes');
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const anchors = parseTrustAnchors(options.trustAnchors);
  const fetchFn = options.fetch ?? fetch;

  return {
    method: 'SMART_ID',

    async start({ personalId, hash, hashType }) {
      // A code that fails the check digit has no account; it also keeps the path segment to 11 digits.
      if (!isValidPersonalId(personalId)) throw new IdentityError('user_not_found', 'personal code is not valid');
      let response: JsonResponse;
      try {
        response = await requestJson(fetchFn, new URL(`authentication/etsi/PNOEE-${personalId}`, baseUrl), {
          method: 'POST',
          timeoutMs: START_TIMEOUT_MS,
          body: {
            relyingPartyUUID: options.relyingPartyUuid,
            relyingPartyName: options.relyingPartyName,
            certificateLevel: CERTIFICATE_LEVEL,
            hash: Buffer.from(hash).toString('base64'),
            hashType,
            allowedInteractionsOrder: [{ type: 'displayTextAndPIN', displayText60: options.displayText }],
          },
        });
      } catch (error) {
        throw new IdentityError('unexpected', error instanceof Error ? error.message : 'Smart-ID start failed');
      }
      if (response.status !== 200) throw new IdentityError(smartIdStartStatusCode(response.status), `Smart-ID start answered ${String(response.status)}`);
      const parsed = startResponse.safeParse(response.body);
      if (!parsed.success) throw new IdentityError('unexpected', 'Smart-ID start answer has no sessionID');
      return { providerSessionId: parsed.data.sessionID };
    },

    async poll({ providerSessionId, hash, hashType, timeoutMs, personalId }): Promise<IdentityPollResult> {
      const answer = await fetchSessionStatus({
        fetchFn,
        url: new URL(`session/${encodeURIComponent(providerSessionId)}`, baseUrl),
        timeoutMs,
        schema: sessionStatus,
        service: 'Smart-ID',
        codeForStatus: smartIdPollStatusCode,
      });
      if (!answer.ok) return answer.failure;
      const { state, result, signature, cert } = answer.body;
      if (state === 'RUNNING') return { status: 'RUNNING' };
      if (state !== 'COMPLETE' || result === undefined) return { status: 'FAILED', code: 'unexpected', detail: `Smart-ID state ${state}` };
      if (result.endResult !== 'OK') return { status: 'FAILED', code: smartIdEndResultCode(result.endResult), detail: result.endResult };
      if (signature === undefined || cert === undefined) return { status: 'FAILED', code: 'unexpected', detail: 'OK without signature or certificate' };
      const validation = validateAuthenticationResponse({
        certificate: Buffer.from(cert.value, 'base64'),
        signature: Buffer.from(signature.value, 'base64'),
        hash,
        hashType,
        trustAnchors: anchors,
        expectedPersonalId: personalId,
        purpose: { policies: SMART_ID_QUALIFIED_POLICIES },
        level: { requested: CERTIFICATE_LEVEL, reported: cert.certificateLevel },
      });
      if (!validation.ok) return { status: 'FAILED', code: validation.code, detail: validation.reason };
      return { status: 'COMPLETE', person: validation.person };
    },
  };
};
