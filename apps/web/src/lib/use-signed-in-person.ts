import type { AccessTokenPayload } from '@onboarding/domain';
import { useSyncExternalStore } from 'react';
import { decodeAccessToken } from './access-token';
import { readSessionValue, subscribeToSession } from './session-storage';

let lastToken: string | null = null;
let lastClaims: AccessTokenPayload | null = null;

function snapshot(): AccessTokenPayload | null {
  const token = readSessionValue('accessToken');
  if (token !== lastToken) {
    lastToken = token;
    lastClaims = decodeAccessToken(token);
  }
  return lastClaims;
}

/** The signed-in person's claims, or null; re-renders when the tokens change. */
export function useSignedInPerson(): AccessTokenPayload | null {
  return useSyncExternalStore(subscribeToSession, snapshot, () => null);
}
