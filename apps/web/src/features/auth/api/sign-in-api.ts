import {
  CHANNEL,
  CLIENT_ID,
  CODE_CHALLENGE_METHOD,
  DEFAULT_COUNTRY_CODE,
  GRANT_TYPE,
  RESPONSE_TYPE,
  authEndpoints,
  authenticationEventEndpoints,
  type AuthenticationEvent,
  type AuthenticationStartResponse,
  type AuthenticationStatusResponse,
  type DeviceLinkFlow,
  type Locale,
  type MobileIdStartInput,
  type SmartIdCallbackRequest,
  type SmartIdDeviceLinkStartResponse,
  type SmartIdStartInput,
  type TokenResponse,
  type WebEidAuthTokenInput,
} from '@onboarding/domain';
import { apiRequest } from '../../../lib/api-client';
import type { Pkce } from '../pkce';

export type PollingMethod = 'SMART_ID' | 'MOBILE_ID';

/** docs/requirements.md section 3: what every authorize request sends besides the person. */
function commonFields({ clientState, codeChallenge }: Pkce) {
  return {
    responseType: RESPONSE_TYPE,
    clientId: CLIENT_ID,
    channel: CHANNEL,
    clientState,
    codeChallenge,
    codeChallengeMethod: CODE_CHALLENGE_METHOD,
  } as const;
}

const pollingEndpoints = {
  SMART_ID: { status: authEndpoints.smartIdStatus, cancel: authEndpoints.cancelSmartId },
  MOBILE_ID: { status: authEndpoints.mobileIdStatus, cancel: authEndpoints.cancelMobileId },
} as const;

export function startSmartId(input: SmartIdStartInput, pkce: Pkce): Promise<AuthenticationStartResponse> {
  return apiRequest(authEndpoints.startSmartId, { body: { ...commonFields(pkce), ...input, personalIdCountryCode: DEFAULT_COUNTRY_CODE } });
}

/** language: the person's UI language, in which the phone shows its prompt and text. */
export function startMobileId(input: MobileIdStartInput, pkce: Pkce, language?: Locale): Promise<AuthenticationStartResponse> {
  return apiRequest(authEndpoints.startMobileId, { body: { ...commonFields(pkce), ...input, ...(language ? { language } : {}) } });
}

type Language = 'et' | 'en' | 'ru';

/** Smart-ID by QR code or app link: no personal code; a Web2App start also sets the cookie its return needs. */
export function startSmartIdDeviceLink(flow: DeviceLinkFlow, language: Language, pkce: Pkce): Promise<SmartIdDeviceLinkStartResponse> {
  return apiRequest(authEndpoints.startSmartIdDeviceLink, { body: { ...commonFields(pkce), flow, language }, retries: 0 });
}

/** The QR code's link for this second; no retry, as the next second asks again. */
export function fetchDeviceLink(authenticationSessionId: string, language: Language, signal?: AbortSignal): Promise<{ deviceLink: string }> {
  return apiRequest(authEndpoints.smartIdDeviceLink, { params: { authenticationSessionId }, query: { language }, signal, retries: 0 });
}

/** The return from the Smart-ID app after a Web2App sign-in; single use on the server, so never retried. */
export function returnFromSmartId(input: SmartIdCallbackRequest): Promise<AuthenticationStatusResponse> {
  return apiRequest(authEndpoints.smartIdCallback, { body: input, retries: 0 });
}

export function fetchAuthenticationStatus(method: PollingMethod, authenticationSessionId: string, signal?: AbortSignal): Promise<AuthenticationStatusResponse> {
  return apiRequest(pollingEndpoints[method].status, { params: { authenticationSessionId }, signal });
}

/** docs/requirements.md section 4: pressing Cancel cancels the authentication on the server too. */
export function cancelAuthentication(method: PollingMethod, authenticationSessionId: string): Promise<void> {
  return apiRequest(pollingEndpoints[method].cancel, { params: { authenticationSessionId }, retries: 0 });
}

/**
 * The eid host asks the browser for the ID-card's certificate during the TLS
 * handshake; a retry would ask the user again (the certificate choice and
 * PIN1), and a call that reached the server before the network failed has
 * already spent the sign-in, so there is none: the person tries again.
 */
export async function authorizeIdCard(eidUrl: string, pkce: Pkce): Promise<{ code: string }> {
  return apiRequest(authEndpoints.idCard, { baseUrl: eidUrl, body: commonFields(pkce), retries: 0 });
}

/** Simulated mode: a challenge nonce for this flow's code challenge, for the simulated card reader to sign. */
export async function requestIdCardChallenge(pkce: Pkce): Promise<{ nonce: string }> {
  return apiRequest(authEndpoints.idCardChallenge, { body: { codeChallenge: pkce.codeChallenge }, retries: 0 });
}

/** Simulated mode: the card's authentication token over the nonce, answered with a code. */
export async function authorizeSimulatedIdCard(pkce: Pkce, nonce: string, authToken: WebEidAuthTokenInput): Promise<{ code: string }> {
  return apiRequest(authEndpoints.simulatedIdCard, { body: { ...commonFields(pkce), nonce, authToken }, retries: 0 });
}

export function exchangeCodeForTokens(authorizationCode: string, codeVerifier: string): Promise<TokenResponse> {
  return apiRequest(authEndpoints.token, { body: { authorizationCode, codeVerifier, grantType: GRANT_TYPE } });
}

export function magicSignIn(personalId: string): Promise<TokenResponse> {
  return apiRequest(authEndpoints.magic, { body: { personalId, personalIdCountryCode: DEFAULT_COUNTRY_CODE } });
}

export function sendAuthenticationEvent(event: AuthenticationEvent): Promise<void> {
  const endpoint = event.result === 'COMPLETED' ? authenticationEventEndpoints.completed : authenticationEventEndpoints.failed;
  return apiRequest(endpoint, { body: event });
}
