import { createHash, randomBytes } from 'node:crypto';
import { mobileIdVerificationCode, smartIdVerificationCode } from '@onboarding/domain';
import { describe, expect, it } from 'vitest';

const sha = (algorithm: string, text: string) => createHash(algorithm).update(text).digest();

// SK's own test vectors, reproduced in docs/eid-facts.md sections 1.7 and 3.5.
describe('verification codes from the hash the clients send', () => {
  it('Smart-ID: SHA-256 of the hash, last two bytes, mod 10000', () => {
    expect(smartIdVerificationCode(sha('sha256', 'Hello World!'))).toBe('7712');
    expect(smartIdVerificationCode(sha('sha256', 'Go ahead, make my day.'))).toBe('7782');
    expect(smartIdVerificationCode(sha('sha256', "You're gonna need a bigger boat."))).toBe('1464');
    expect(smartIdVerificationCode(Uint8Array.from([0x1b, 0xbb]))).toBe('4555');
  });

  it('Mobile-ID: top six bits of the first byte and low seven of the last', () => {
    expect(mobileIdVerificationCode(Buffer.from('2f665f6a6999e0ef0752e00ec9f453adf59d8cb6', 'hex'))).toBe('1462');
    expect(mobileIdVerificationCode(sha('sha256', 'HACKERMAN_SHA256'))).toBe('6008');
    expect(mobileIdVerificationCode(sha('sha384', 'HACKERMAN_SHA384'))).toBe('7230');
    expect(mobileIdVerificationCode(sha('sha512', 'HACKERMAN_SHA512'))).toBe('3843');
  });

  it('agrees with an independent computation on random SHA-512 hashes', () => {
    for (let i = 0; i < 50; i += 1) {
      const hash = createHash('sha512').update(randomBytes(64)).digest();
      const digest = createHash('sha256').update(hash).digest();
      expect(smartIdVerificationCode(hash)).toBe(String(digest.readUInt16BE(30) % 10000).padStart(4, '0'));
      const mid = (((hash[0] ?? 0) >> 2) << 7) | ((hash[hash.length - 1] ?? 0) & 0x7f);
      expect(mobileIdVerificationCode(hash)).toBe(String(mid).padStart(4, '0'));
    }
  });
});
