import { CLIENT_STATE_LENGTH, CODE_VERIFIER_LENGTH, codeChallengeS256 } from '@onboarding/domain';
import { describe, expect, it } from 'vitest';
import { UNRESERVED_ALPHABET, createPkce, randomUnreservedString } from './pkce';

const unreserved = /^[A-Za-z0-9\-._~]+$/;

describe('PKCE random strings', () => {
  it('has a 66-character RFC 7636 alphabet', () => {
    expect(UNRESERVED_ALPHABET).toHaveLength(66);
    expect(new Set(UNRESERVED_ALPHABET).size).toBe(66);
    expect(UNRESERVED_ALPHABET).toMatch(unreserved);
  });

  it('makes a 128-character verifier, a 64-character state and the S256 challenge of the verifier', () => {
    const pkce = createPkce();
    expect(pkce.codeVerifier).toHaveLength(CODE_VERIFIER_LENGTH);
    expect(pkce.clientState).toHaveLength(CLIENT_STATE_LENGTH);
    expect(pkce.codeVerifier).toMatch(unreserved);
    expect(pkce.clientState).toMatch(unreserved);
    expect(pkce.codeChallenge).toBe(codeChallengeS256(pkce.codeVerifier));
    expect(pkce.codeChallenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('differs every time', () => {
    expect(createPkce().codeVerifier).not.toBe(createPkce().codeVerifier);
  });

  it('drops bytes that would bias the result (198 and above) instead of wrapping them', () => {
    // 197 is the last accepted byte: 197 % 66 = 65, the "~".
    const sequence = [198, 255, 0, 197, 66, 200, 1];
    const random = {
      getRandomValues: <T extends ArrayBufferView | null>(array: T): T => {
        const bytes = array as unknown as Uint8Array;
        bytes.forEach((_, index) => (bytes[index] = sequence.shift() ?? 2));
        return array;
      },
    };
    expect(randomUnreservedString(4, random)).toBe('A~AB');
  });

  it('uses every character of the alphabet about equally often', () => {
    const counts = new Map<string, number>();
    for (const char of randomUnreservedString(66_000)) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(66);
    for (const count of counts.values()) expect(count).toBeGreaterThan(800);
  });
});
