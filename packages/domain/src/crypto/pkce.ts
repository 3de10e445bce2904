import { sha256 } from '@noble/hashes/sha2.js';

const base64Url = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** The S256 code challenge of a code verifier (RFC 7636; docs/requirements.md section 9 "challenge method S256"). */
export const codeChallengeS256 = (codeVerifier: string): string => base64Url(sha256(new TextEncoder().encode(codeVerifier)));
