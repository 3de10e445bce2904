import { signingEndpoints, type Locale, type SigningReturnRequest, type StartSigningRequest } from '@onboarding/domain';
import { apiRequest } from '../../api-client';

/*
 * The signing calls of signingEndpoints (packages/domain). Signing is one flow
 * that polls and cancels, not cached data, so these are plain calls, not
 * queries; the signing view shows their failures in place.
 */

/** Draws up the contract and starts signing: the verification code (Smart-ID, Mobile-ID) or the hash for the ID-card. */
export const startSigning = (processId: string, body: StartSigningRequest) => apiRequest(signingEndpoints.start, { params: { processId }, body });

/** One status call; the server long-polls the identity service for up to a second. */
export const getSigningStatus = (processId: string, signingSessionId: string, signal?: AbortSignal) =>
  apiRequest(signingEndpoints.status, { params: { processId, signingSessionId }, signal });

/** The ID-card's signature over the hash; answers the session's status (409 once that session has ended). */
export const sendIdCardSignature = (processId: string, signingSessionId: string, signature: string) =>
  apiRequest(signingEndpoints.idCardSignature, { params: { processId, signingSessionId }, body: { signature } });

/** Cancels a signing still waiting for PIN2. `keepalive` lets it outlive a page being left. */
export const cancelSigning = (processId: string, signingSessionId: string, { keepalive = false }: { keepalive?: boolean } = {}) =>
  apiRequest(signingEndpoints.cancel, { params: { processId, signingSessionId }, keepalive, retries: keepalive ? 0 : undefined });

/** Smart-ID by QR code: the code's link for this second while the person chooses the account. */
export const getSigningDeviceLink = async (processId: string, signingSessionId: string, language: Locale, signal: AbortSignal) =>
  (await apiRequest(signingEndpoints.deviceLink, { params: { processId, signingSessionId }, query: { language }, signal, retries: 0 })).deviceLink;

/** The Smart-ID app's return after the account was chosen on this phone; 404 once it was used. */
export const sendSmartIdSigningReturn = (body: SigningReturnRequest) => apiRequest(signingEndpoints.smartIdReturn, { body, retries: 0 });
