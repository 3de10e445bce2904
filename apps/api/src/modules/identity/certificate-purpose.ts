import { KEY_USAGE_DIGITAL_SIGNATURE, type CertificateFields } from './certificate-fields.js';

export type PurposeRequirement = {
  /** EKU that must be listed when the certificate has an EKU extension at all. */
  extendedKeyUsageIfPresent?: string;
  /** Policy OIDs that must all be present. */
  policies?: readonly string[];
};

/** Smart-ID QUALIFIED certificates carry both policies (EID-FACTS.md section 4.2, SIDJ3). */
export const SMART_ID_QUALIFIED_POLICIES = ['1.3.6.1.4.1.10015.17.2', '0.4.0.2042.1.2'] as const;

/** Client authentication, required of the ID-card certificate when it lists EKUs (EID-FACTS.md section 5.1, step 5.4). */
export const CLIENT_AUTH_EKU = '1.3.6.1.5.5.7.3.2';

export type PurposeProblem = 'wrong_key_usage' | 'policy_missing';

/**
 * An authentication certificate must allow digitalSignature when it has a key
 * usage extension (EID-FACTS.md sections 4.2, 4.3), plus whatever EKU and
 * policies the method asks for.
 */
export const checkPurpose = (fields: CertificateFields, requirement: PurposeRequirement): PurposeProblem | null => {
  if (fields.keyUsage !== null && (fields.keyUsage & KEY_USAGE_DIGITAL_SIGNATURE) === 0) return 'wrong_key_usage';
  const requiredEku = requirement.extendedKeyUsageIfPresent;
  if (requiredEku !== undefined && fields.extendedKeyUsages !== null && !fields.extendedKeyUsages.includes(requiredEku)) return 'wrong_key_usage';
  if ((requirement.policies ?? []).some((policy) => !fields.policies.includes(policy))) return 'policy_missing';
  return null;
};
