import type { X509Certificate } from 'node:crypto';
import { isIssuedBy } from './certificate-parsing.js';

export type TrustProblem = 'not_yet_valid' | 'expired' | 'untrusted';

const isWithinValidity = (certificate: X509Certificate, now: Date): TrustProblem | null => {
  if (now.getTime() < Date.parse(certificate.validFrom)) return 'not_yet_valid';
  if (now.getTime() > Date.parse(certificate.validTo)) return 'expired';
  return null;
};

/**
 * Checks notBefore <= now <= notAfter and that one configured anchor issued
 * the certificate and its signature verifies (docs/eid-facts.md sections 4.1
 * item 2, 4.3). SK returns only the end-entity certificate, so the anchors are
 * the issuing CAs themselves, as in SK's 2.x clients (section 4.2). Revocation
 * (OCSP) is not checked here.
 */
export const checkTrust = (certificate: X509Certificate, anchors: readonly X509Certificate[], now: Date): TrustProblem | null => {
  const validity = isWithinValidity(certificate, now);
  if (validity !== null) return validity;
  const issuer = anchors.find((anchor) => anchor.ca && isWithinValidity(anchor, now) === null && isIssuedBy(certificate, anchor));
  return issuer === undefined ? 'untrusted' : null;
};
