import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { codeChallengeS256 } from './pkce.js';
import { mobileIdVerificationCode, smartIdVerificationCode } from './verification-code.js';

const digest = (algorithm: string, text: string) => new Uint8Array(createHash(algorithm).update(text).digest());
const hex = (value: string) => Uint8Array.from(value.match(/../g) ?? [], (byte) => parseInt(byte, 16));

describe('Smart-ID verification code (docs/eid-facts.md section 1.7, SK test vectors)', () => {
  it.each([
    [digest('sha256', 'Hello World!'), '7712'],
    [digest('sha256', 'Go ahead, make my day.'), '7782'],
    [digest('sha256', "You're gonna need a bigger boat."), '1464'],
    [Uint8Array.of(0x1b, 0xbb), '4555'],
  ])('%#: gives %s', (hash, code) => {
    expect(smartIdVerificationCode(hash)).toBe(code);
  });
});

describe('Mobile-ID verification code (docs/eid-facts.md section 3.5, SK test vectors)', () => {
  it.each([
    [hex('2f665f6a6999e0ef0752e00ec9f453adf59d8cb6'), '1462'],
    [digest('sha256', 'HACKERMAN_SHA256'), '6008'],
    [digest('sha384', 'HACKERMAN_SHA384'), '7230'],
    [digest('sha512', 'HACKERMAN_SHA512'), '3843'],
    [new Uint8Array(19).fill(0xff), '0000'],
  ])('%#: gives %s', (hash, code) => {
    expect(mobileIdVerificationCode(hash)).toBe(code);
  });

  it('stays within 0000-8191', () => {
    expect(mobileIdVerificationCode(new Uint8Array(32).fill(0xff))).toBe('8191');
  });
});

describe('PKCE', () => {
  it('computes the RFC 7636 example challenge', () => {
    expect(codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});
