import type { KeyObject } from 'node:crypto';
import { p256, p384, p521 } from '@noble/curves/nist.js';
import { LRUCache } from 'lru-cache';

/**
 * ECDSA over a digest we already hold. Node's crypto.sign/verify always hash
 * their input, but SK signs the submitted hash itself and we keep only that
 * hash, not a pre-image (docs/eid-facts.md sections 1.8, 3.6). @noble/curves
 * works on the digest (prehash: false); signatures are raw r||s as SK sends
 * them.
 */
const CURVES = { 'P-256': p256, 'P-384': p384, 'P-521': p521 } as const;
type CurveName = keyof typeof CURVES;

export const SUPPORTED_ECDSA_CURVES = Object.keys(CURVES);

// Both low and high S are valid ECDSA; SK does not promise low-S signatures.
const options = { prehash: false, lowS: false, format: 'compact' } as const;

const fromBase64Url = (value: string | undefined): Uint8Array => Buffer.from(value ?? '', 'base64url');

function curveOf(key: KeyObject): (typeof CURVES)[CurveName] | undefined {
  const name = key.export({ format: 'jwk' }).crv;
  return name && name in CURVES ? CURVES[name as CurveName] : undefined;
}

// The same signature is checked when it arrives and again in the container's own check before it is kept;
// in JavaScript a P-384 check costs milliseconds. The answer is a pure function of key, digest and signature.
const answers = new LRUCache<string, { isValid: boolean }>({ max: 2000 });

export const verifyEcdsaDigest = (publicKey: KeyObject, digest: Uint8Array, signature: Uint8Array): boolean => {
  const curve = curveOf(publicKey);
  if (!curve) return false;
  const { crv, x, y } = publicKey.export({ format: 'jwk' });
  const key = [crv, x, y, Buffer.from(digest).toString('base64'), Buffer.from(signature).toString('base64')].join('.');
  const known = answers.get(key);
  if (known) return known.isValid;
  const point = Buffer.concat([Buffer.from([0x04]), fromBase64Url(x), fromBase64Url(y)]);
  let isValid: boolean;
  try {
    isValid = curve.verify(signature, digest, point, options);
  } catch {
    isValid = false;
  }
  answers.set(key, { isValid });
  return isValid;
};

/** Used by the simulators, which sign as SK's service does. */
export const signEcdsaDigest = (privateKey: KeyObject, digest: Uint8Array): Buffer => {
  const curve = curveOf(privateKey);
  if (!curve) throw new Error('unsupported ECDSA curve');
  return Buffer.from(curve.sign(digest, fromBase64Url(privateKey.export({ format: 'jwk' }).d), options));
};
