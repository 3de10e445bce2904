import { CLIENT_STATE_LENGTH, CODE_VERIFIER_LENGTH, codeChallengeS256 } from '@onboarding/domain';

/** RFC 7636 section 4.1: the unreserved characters. */
export const UNRESERVED_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

// The largest multiple of the alphabet size below 256: bytes at or above it are
// dropped, so every character is equally likely (no modulo bias).
const ACCEPTED_BYTE_LIMIT = 256 - (256 % UNRESERVED_ALPHABET.length);

type RandomSource = Pick<Crypto, 'getRandomValues'>;

export function randomUnreservedString(length: number, random: RandomSource = globalThis.crypto): string {
  let result = '';
  // getRandomValues fills at most 65,536 bytes per call.
  const bytes = new Uint8Array(Math.min(length * 2, 65_536));
  while (result.length < length) {
    random.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte >= ACCEPTED_BYTE_LIMIT) continue;
      result += UNRESERVED_ALPHABET[byte % UNRESERVED_ALPHABET.length];
      if (result.length === length) break;
    }
  }
  return result;
}

export type Pkce = { codeVerifier: string; codeChallenge: string; clientState: string };

/** docs/requirements.md section 9: a 128-character verifier, a 64-character client state, challenge S256. Kept in memory only. */
export function createPkce(random?: RandomSource): Pkce {
  const codeVerifier = randomUnreservedString(CODE_VERIFIER_LENGTH, random);
  return { codeVerifier, codeChallenge: codeChallengeS256(codeVerifier), clientState: randomUnreservedString(CLIENT_STATE_LENGTH, random) };
}
