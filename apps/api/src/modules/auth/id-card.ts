import type { AuthorizeCommonFields } from '@onboarding/domain';
import { IdentityError, validateIdCardCertificate } from '../identity/index.js';
import type { AuthService } from './auth-service.js';

/**
 * ID-card sign-in (docs/requirements.md section 4: "request authorize/eid to
 * get a code"): the certificate the browser presented, checked against the
 * ID-card trust anchors; the person comes from the certificate.
 */
export async function authorizeWithIdCard(options: {
  certificatePem: string | undefined;
  trustAnchors: string[];
  common: AuthorizeCommonFields;
  clientAddress: string;
  service: Pick<AuthService, 'completeIdCard'>;
}): Promise<{ code: string }> {
  if (!options.certificatePem) throw new IdentityError('no_certificate');
  const validation = validateIdCardCertificate(options.certificatePem, options.trustAnchors);
  if (!validation.ok) throw new IdentityError('invalid_certificate', validation.reason);
  const code = await options.service.completeIdCard(options.common, validation.person, options.clientAddress);
  return { code };
}
