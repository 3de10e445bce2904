import type { HashType } from './types.js';

/** Digest lengths in bytes; SK answers 400 when the decoded hash does not match its type (docs/eid-facts.md section 3.3). */
export const HASH_BYTE_LENGTHS: Record<HashType, number> = { SHA256: 32, SHA384: 48, SHA512: 64 };

/**
 * DER DigestInfo prefixes that RSA PKCS#1 v1.5 puts in front of the raw hash.
 * SK signs the submitted hash itself, not a hash of it
 * (docs/eid-facts.md section 1.8).
 */
export const DIGEST_INFO_PREFIXES: Record<HashType, Buffer> = {
  SHA256: Buffer.from('3031300d060960864801650304020105000420', 'hex'),
  SHA384: Buffer.from('3041300d060960864801650304020205000430', 'hex'),
  SHA512: Buffer.from('3051300d060960864801650304020305000440', 'hex'),
};

export const HASH_TYPES = ['SHA256', 'SHA384', 'SHA512'] as const satisfies readonly HashType[];

export const hasHashLength = (hash: Uint8Array, hashType: HashType): boolean => hash.length === HASH_BYTE_LENGTHS[hashType];
