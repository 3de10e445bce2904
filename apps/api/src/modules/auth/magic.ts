import { isValidPersonalId, type MagicSignInPayload } from '@onboarding/domain';
import { AppError } from '../../errors.js';
import type { CompletedPerson } from './auth-repository.js';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/**
 * The person of a magic sign-in payload (SPEC.md section 3; the schema has
 * applied the personalId and country fall-backs). Names are optional in the
 * payload, so a test can sign in with a personal code alone.
 */
export function personFromMagicPayload(payload: MagicSignInPayload & Record<string, unknown>): CompletedPerson {
  const personalId = text(payload.personalId) ?? '';
  const personalIdCountryCode = text(payload.personalIdCountryCode) ?? 'EE';
  if (personalIdCountryCode === 'EE' && !isValidPersonalId(personalId)) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ path: 'personalId', code: 'invalidPersonalId', params: {} }]);
  }
  return {
    personalId,
    personalIdCountryCode,
    givenName: text(payload.givenName) ?? text(payload.firstName) ?? 'TEST',
    surname: text(payload.surname) ?? text(payload.lastName) ?? 'USER',
  };
}
