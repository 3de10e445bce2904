import { KEY_USAGE_DIGITAL_SIGNATURE, KEY_USAGE_NON_REPUDIATION, type CertificateFields } from './certificate-fields.js';

export type PurposeRequirement = {
  /**
   * authentication (default): digitalSignature when a key usage extension is
   * present. signing: the key usage extension must list nonRepudiation, which
   * an authentication certificate does not (docs/eid-facts.md sections 4.2, 4.3).
   */
  use?: 'authentication' | 'signing';
  /** EKU that must be listed when the certificate has an EKU extension at all. */
  extendedKeyUsageIfPresent?: string;
  /** Policy OIDs that must all be present. */
  policies?: readonly string[];
  /** ETSI QcType statements that must all be present. */
  qcTypes?: readonly string[];
};

/** Smart-ID QUALIFIED certificates carry both policies (docs/eid-facts.md section 4.2, SIDJ3). */
export const SMART_ID_QUALIFIED_POLICIES = ['1.3.6.1.4.1.10015.17.2', '0.4.0.2042.1.2'] as const;

/**
 * Smart-ID QUALIFIED signing certificates: the Smart-ID policy plus QCP-n-qscd,
 * and a QcType esign statement (SK's 3.x Java client,
 * QualifiedSignatureCertificatePurposeValidator).
 */
export const SMART_ID_QUALIFIED_SIGNING_POLICIES = ['1.3.6.1.4.1.10015.17.2', '0.4.0.194112.1.2'] as const;
/** id-etsi-qct-esign: a certificate for electronic signatures (ETSI EN 319 412-5). */
export const QC_TYPE_ESIGN = '0.4.0.1862.1.6.1';

/** Client authentication, required of the ID-card certificate when it lists EKUs (docs/eid-facts.md section 5.1, step 5.4). */
export const CLIENT_AUTH_EKU = '1.3.6.1.5.5.7.3.2';

export type PurposeProblem = 'wrong_key_usage' | 'policy_missing' | 'qc_type_missing';

const hasKeyUsageFor = (keyUsage: number | null, use: PurposeRequirement['use']): boolean =>
  use === 'signing' ? keyUsage !== null && (keyUsage & KEY_USAGE_NON_REPUDIATION) !== 0 : keyUsage === null || (keyUsage & KEY_USAGE_DIGITAL_SIGNATURE) !== 0;

/** Whether the certificate may be used as the requirement says: key usage, EKU, policies and QC types. */
export const checkPurpose = (fields: CertificateFields, requirement: PurposeRequirement): PurposeProblem | null => {
  if (!hasKeyUsageFor(fields.keyUsage, requirement.use)) return 'wrong_key_usage';
  const requiredEku = requirement.extendedKeyUsageIfPresent;
  if (requiredEku !== undefined && fields.extendedKeyUsages !== null && !fields.extendedKeyUsages.includes(requiredEku)) return 'wrong_key_usage';
  if ((requirement.policies ?? []).some((policy) => !fields.policies.includes(policy))) return 'policy_missing';
  if ((requirement.qcTypes ?? []).some((type) => !fields.qcTypes.includes(type))) return 'qc_type_missing';
  return null;
};
