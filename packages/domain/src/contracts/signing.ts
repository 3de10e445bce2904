import {
  contractQuerySchema,
  idCardSignatureRequestSchema,
  signingDeviceLinkQuerySchema,
  signingDeviceLinkResponseSchema,
  signingReturnRequestSchema,
  signingStatusSchema,
  startSigningRequestSchema,
  startSigningResponseSchema,
} from '../schemas/signing.js';
import { endpointGroup } from './endpoint.js';
import { processParamsSchema, signingSessionParamsSchema } from './params.js';

/**
 * Signing the contract and submitting the application
 * (docs/requirements.md sections 2 and 4). Only the representative who started
 * the application may call them, and only once the whole application is
 * complete.
 */
export const signingEndpoints = endpointGroup('signing', 'signing', {
  /**
   * Draws up the contract and starts signing it: Smart-ID and Mobile-ID answer the verification code, ID-card the
   * hash to sign. 409 REGISTER_CHANGED when the register now says otherwise (those steps reopen).
   */
  start: {
    method: 'POST',
    path: '/onboarding/applications/:processId/signing',
    params: processParamsSchema,
    body: startSigningRequestSchema,
    response: startSigningResponseSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND', 'CONFLICT', 'STALE_VERSION', 'REGISTER_CHANGED', 'REGISTER_UNAVAILABLE', 'RATE_LIMITED'],
  },
  /** One status call (the browser polls every second): waiting for PIN2, signed and submitted, or how it ended. */
  status: {
    method: 'GET',
    path: '/onboarding/applications/:processId/signing/:signingSessionId',
    params: signingSessionParamsSchema,
    response: signingStatusSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND'],
  },
  /** Smart-ID by QR code: the code's link for this second, asked every second while it is shown (never older than 3 s). */
  deviceLink: {
    method: 'GET',
    path: '/onboarding/applications/:processId/signing/:signingSessionId/device-link',
    params: signingSessionParamsSchema,
    query: signingDeviceLinkQuerySchema,
    response: signingDeviceLinkResponseSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND'],
  },
  /**
   * The Smart-ID app's return after the account was chosen on this phone (Web2App); not signed in (the app may
   * open another tab), single use. It takes up the choice so PIN2 is asked at once; it answers nothing else.
   */
  smartIdReturn: {
    method: 'POST',
    path: '/onboarding/signing/smart-id-return',
    body: signingReturnRequestSchema,
    isAuthenticated: false,
    errors: ['NOT_FOUND'],
  },
  /** ID-card: the signature the card made over the hash; validated before the application is submitted. */
  idCardSignature: {
    method: 'POST',
    path: '/onboarding/applications/:processId/signing/:signingSessionId/id-card-signature',
    params: signingSessionParamsSchema,
    body: idCardSignatureRequestSchema,
    response: signingStatusSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  cancel: {
    method: 'POST',
    path: '/onboarding/applications/:processId/signing/:signingSessionId/cancel',
    params: signingSessionParamsSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND'],
  },
  /** The contract as a PDF: the signed one once submitted, otherwise the one the application gives now (drawn up on fresh register facts). */
  contract: {
    method: 'GET',
    path: '/onboarding/applications/:processId/contract',
    params: processParamsSchema,
    query: contractQuerySchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND', 'CONFLICT', 'STALE_VERSION', 'REGISTER_CHANGED', 'REGISTER_UNAVAILABLE', 'RATE_LIMITED'],
  },
  /** The signed contract as an ASiC-E container (.asice: the PDF, the XAdES signature, its time-stamp and OCSP status), once submitted. */
  signedContract: {
    method: 'GET',
    path: '/onboarding/applications/:processId/contract/signed',
    params: processParamsSchema,
    isAuthenticated: true,
    errors: ['NOT_FOUND'],
  },
});
