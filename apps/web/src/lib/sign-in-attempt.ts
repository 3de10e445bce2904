import { readSessionValue, writeSessionValues } from './session-storage';

/**
 * The last sign-in by personal code in this tab: the method and what was typed. A refusal ("user not found", a
 * timeout) leads to the error page; "Try again" comes back to the same method with the same values, to correct the
 * one that was wrong rather than type both again. A successful sign-in forgets it, so the next person in the tab
 * starts clean.
 */
export type SignInAttempt = { method: 'SMART_ID' | 'MOBILE_ID'; personalId: string; phoneNumber: string };

export function readSignInAttempt(): SignInAttempt | undefined {
  try {
    const value: unknown = JSON.parse(readSessionValue('signInAttempt') ?? 'null');
    if (typeof value !== 'object' || value === null) return undefined;
    const { method, personalId, phoneNumber } = value as Record<string, unknown>;
    if ((method !== 'SMART_ID' && method !== 'MOBILE_ID') || typeof personalId !== 'string') return undefined;
    return { method, personalId, phoneNumber: typeof phoneNumber === 'string' ? phoneNumber : '' };
  } catch {
    return undefined;
  }
}

export const rememberSignInAttempt = (attempt: SignInAttempt): void => writeSessionValues({ signInAttempt: JSON.stringify(attempt) });

export const forgetSignInAttempt = (): void => writeSessionValues({ signInAttempt: null });
