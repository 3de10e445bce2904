import { constants, privateEncrypt, publicDecrypt, timingSafeEqual, type KeyObject } from 'node:crypto';
import { signEcdsaDigest, verifyEcdsaDigest } from './ecdsa-digest.js';
import { DIGEST_INFO_PREFIXES, hasHashLength } from './hash-types.js';
import type { HashType } from './types.js';

/**
 * Checks that `signature` is the certificate key's signature over exactly the
 * hash we sent: RSA PKCS#1 v1.5 over DigestInfo||hash, or ECDSA raw r||s over
 * the hash (docs/eid-facts.md sections 1.8, 3.6, 4.1 item 5).
 */
export const verifyDigestSignature = (publicKey: KeyObject, hash: Uint8Array, hashType: HashType, signature: Uint8Array): boolean => {
  if (!hasHashLength(hash, hashType)) return false;
  if (publicKey.asymmetricKeyType === 'ec') return verifyEcdsaDigest(publicKey, hash, signature);
  if (publicKey.asymmetricKeyType !== 'rsa') return false;
  const expected = Buffer.concat([DIGEST_INFO_PREFIXES[hashType], hash]);
  try {
    // Decrypting with the public key and PKCS#1 padding checks the type-1 padding and yields DigestInfo||hash
    // (docs/eid-facts.md section 1.8).
    const recovered = publicDecrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, signature);
    return recovered.length === expected.length && timingSafeEqual(recovered, expected);
  } catch {
    return false;
  }
};

/** The signing side of verifyDigestSignature, for the simulators that stand in for SK. */
export const signDigest = (privateKey: KeyObject, hash: Uint8Array, hashType: HashType): Buffer => {
  if (privateKey.asymmetricKeyType === 'ec') return signEcdsaDigest(privateKey, hash);
  return privateEncrypt({ key: privateKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([DIGEST_INFO_PREFIXES[hashType], hash]));
};

/**
 * The RFC 5754 name of what verifyDigestSignature checked with this key, e.g.
 * sha256WithRSAEncryption or ecdsa-with-SHA256, for the signature evidence.
 */
export const signatureAlgorithmName = (publicKey: KeyObject, hashType: HashType): string => {
  const bits = hashType.slice(3);
  return publicKey.asymmetricKeyType === 'ec' ? `ecdsa-with-SHA${bits}` : `sha${bits}WithRSAEncryption`;
};
