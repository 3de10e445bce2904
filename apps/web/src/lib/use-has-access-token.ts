import { useSyncExternalStore } from 'react';
import { readSessionValue, subscribeToSession } from './session-storage';

const hasAccessToken = () => readSessionValue('accessToken') !== null;

/**
 * Whether an access token is stored; re-renders when the tokens change. Unlike useSignedInPerson it
 * reads no claims, so it needs no token contract (zod): the layout of the sign-in screen uses it.
 */
export function useHasAccessToken(): boolean {
  return useSyncExternalStore(subscribeToSession, hasAccessToken, () => false);
}
