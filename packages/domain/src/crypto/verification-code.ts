import { sha256 } from '@noble/hashes/sha2.js';

const fourDigits = (value: number) => String(value).padStart(4, '0');

/**
 * Smart-ID verification code (docs/eid-facts.md section 1.7): SHA-256 of the
 * hash bytes, its last two bytes as a big-endian number, modulo 10000.
 */
export const smartIdVerificationCode = (hash: Uint8Array): string => {
  const digest = sha256(hash);
  const value = (((digest[30] ?? 0) << 8) | (digest[31] ?? 0)) % 10000;
  return fourDigits(value);
};

// SK's Java client answers 0000 for hashes shorter than SHA-1
// (docs/eid-facts.md section 3.5).
const MOBILE_ID_MIN_HASH_BYTES = 20;

/**
 * Mobile-ID verification code (docs/eid-facts.md section 3.5): the top six bits
 * of the first byte and the low seven bits of the last byte of the hash that is
 * sent, with no extra hashing.
 */
export const mobileIdVerificationCode = (hash: Uint8Array): string => {
  if (hash.length < MOBILE_ID_MIN_HASH_BYTES) return fourDigits(0);
  const first = hash[0] ?? 0;
  const last = hash[hash.length - 1] ?? 0;
  return fourDigits(((first & 0xfc) << 5) | (last & 0x7f));
};
