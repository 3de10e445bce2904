import { createHash, sign, verify, type KeyObject } from 'node:crypto';

/** Digest algorithm OIDs (RFC 3279, RFC 5754) by Node's hash name. */
export const DIGEST_OIDS = {
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
} as const;
export type DigestName = keyof typeof DIGEST_OIDS;

const DIGEST_BY_OID = new Map<string, DigestName>(Object.entries(DIGEST_OIDS).map(([name, oid]) => [oid, name as DigestName]));

/** Signature algorithm OIDs (RFC 5754, RFC 5758) -> the digest they sign with. */
const SIGNATURE_DIGEST_BY_OID = new Map<string, DigestName>([
  ['1.2.840.10045.4.3.2', 'sha256'],
  ['1.2.840.10045.4.3.3', 'sha384'],
  ['1.2.840.10045.4.3.4', 'sha512'],
  ['1.2.840.113549.1.1.11', 'sha256'],
  ['1.2.840.113549.1.1.12', 'sha384'],
  ['1.2.840.113549.1.1.13', 'sha512'],
]);
export const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';
// CMS signers may name the bare key algorithm and leave the digest to SignerInfo.digestAlgorithm (RFC 5652 section 5.3).
const KEY_ONLY_SIGNATURE_OIDS = new Set(['1.2.840.113549.1.1.1', '1.2.840.10045.2.1']);

export const digestNameOf = (oid: string): DigestName | undefined => DIGEST_BY_OID.get(oid);

export const digest = (name: DigestName, data: Uint8Array): Buffer => createHash(name).update(data).digest();

/**
 * Whether `signature` is the key's signature over `data` under the named
 * algorithm: RSA PKCS#1 v1.5 or ECDSA (DER), as OCSP responders and TSAs sign.
 * RSA-PSS is not accepted.
 */
export const verifySignedBytes = (input: {
  algorithm: string;
  digestAlgorithm?: string;
  data: Uint8Array;
  signature: Uint8Array;
  publicKey: KeyObject;
}): boolean => {
  const digestName =
    SIGNATURE_DIGEST_BY_OID.get(input.algorithm) ??
    (KEY_ONLY_SIGNATURE_OIDS.has(input.algorithm) && input.digestAlgorithm !== undefined ? digestNameOf(input.digestAlgorithm) : undefined);
  if (digestName === undefined || digestName === 'sha1') return false;
  try {
    return verify(digestName, input.data, input.publicKey, input.signature);
  } catch {
    return false;
  }
};

/** ECDSA with SHA-256 (DER), how the simulators' P-256 responder and TSA keys sign. */
export const signEcdsaSha256 = (privateKey: KeyObject, data: Uint8Array): Buffer => sign('sha256', data, privateKey);
