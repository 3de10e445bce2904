import { createHash, generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signEcdsaDigest, verifyEcdsaDigest } from './ecdsa-digest.js';

// Node signs and verifies the pre-image; ours works on the digest alone. Each must accept the other's signatures.
describe.each([
  ['P-256', 'sha256'],
  ['P-256', 'sha512'],
  ['P-384', 'sha384'],
  ['P-384', 'sha256'],
  ['P-521', 'sha512'],
] as const)('ECDSA over a digest on %s with %s', (curve, algorithm) => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: curve });
  const preimage = randomBytes(64);
  const digest = createHash(algorithm).update(preimage).digest();

  it('verifies what Node signed over the pre-image', () => {
    const signature = sign(algorithm, preimage, { key: privateKey, dsaEncoding: 'ieee-p1363' });
    expect(verifyEcdsaDigest(publicKey, digest, signature)).toBe(true);
  });

  it('signs what Node verifies over the pre-image', () => {
    const signature = signEcdsaDigest(privateKey, digest);
    expect(verify(algorithm, preimage, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)).toBe(true);
  });

  it('rejects another digest and a tampered signature', () => {
    const signature = signEcdsaDigest(privateKey, digest);
    expect(verifyEcdsaDigest(publicKey, createHash(algorithm).update('other').digest(), signature)).toBe(false);
    const tampered = Buffer.from(signature);
    tampered[5] = (tampered[5] ?? 0) ^ 1;
    expect(verifyEcdsaDigest(publicKey, digest, tampered)).toBe(false);
    expect(verifyEcdsaDigest(publicKey, digest, signature.subarray(1))).toBe(false);
  });
});

describe('a remembered answer', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
  const other = generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey;
  const digest = createHash('sha384').update('contract').digest();

  it('is given only for the same key, digest and signature', () => {
    const signature = signEcdsaDigest(privateKey, digest);
    expect(verifyEcdsaDigest(publicKey, digest, signature)).toBe(true);
    expect(verifyEcdsaDigest(publicKey, digest, signature)).toBe(true);
    // After a valid answer was kept: each changed part is checked afresh and refused.
    expect(verifyEcdsaDigest(other, digest, signature)).toBe(false);
    expect(verifyEcdsaDigest(publicKey, createHash('sha384').update('other').digest(), signature)).toBe(false);
    const tampered = Buffer.from(signature);
    tampered[7] = (tampered[7] ?? 0) ^ 1;
    expect(verifyEcdsaDigest(publicKey, digest, tampered)).toBe(false);
    expect(verifyEcdsaDigest(publicKey, digest, tampered)).toBe(false);
  });
});
