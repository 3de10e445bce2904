/**
 * The identity module's entry: the eID services' clients (Smart-ID, Mobile-ID, OCSP, time-stamps) and the certificate
 * and signature checks, for sign-in (auth) and signing. A library: nothing of it is wired in app.ts itself.
 */
export { KEY_USAGE_NON_REPUDIATION, readCertificateFields } from './certificate-fields.js';
export { isIssuedBy, parseCertificate, parseTrustAnchors } from './certificate-parsing.js';
export { personFromCertificate } from './certificate-person.js';
export { checkTrust } from './certificate-trust.js';
export { validateIdCardCertificate, validateIdCardSignature, validateIdCardSigningCertificate } from './certificate-validation.js';
export { createMobileIdClient } from './mobile-id-client.js';
export { createOcspClient, responderUrlByIssuer, type OcspCheck, type OcspClient } from './ocsp-client.js';
export { verifyOcspResponse } from './ocsp-response.js';
export { createSmartIdClient, type DeviceLinkAuthentication, type SmartIdClient } from './smart-id-client.js';
export { checkDeviceLinkCallback, DEVICE_LINK_WINDOW_SECONDS, type DeviceLinkFlow, type DeviceLinkSession } from './smart-id-device-link.js';
export { isSessionSecretDigest, SCHEME_NAME_DEMO } from './smart-id-v3-protocol.js';
export { createTimestampClient, type TimestampClient } from './timestamp-client.js';
export { verifyTimestampToken } from './timestamp-token.js';
export {
  IdentityError,
  type AuthenticatedPerson,
  type CertificateChoiceLink,
  type HashType,
  type MobileIdentityMethod,
  type MobileIdentityProvider,
  type SignatureEvidence,
  type SigningPollResult,
  type SigningProviders,
} from './types.js';
export { validateWebEidAuthToken } from './web-eid-token.js';
