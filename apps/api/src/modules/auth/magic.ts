import { isValidPersonalId, TEXT_MAX_LENGTH, validatePersonalId, type FieldIssue, type MagicSignInPayload } from '@onboarding/domain';
import { AppError } from '../../errors.js';
import type { CompletedPerson } from './auth-repository.js';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/**
 * The person of a magic sign-in payload (docs/requirements.md section 3; the
 * schema has applied the personalId and country fall-backs). Names are optional
 * in the payload, so a test can sign in with a personal code alone.
 */
export function personFromMagicPayload(payload: MagicSignInPayload & Record<string, unknown>): CompletedPerson {
  const personalId = text(payload.personalId) ?? '';
  const personalIdCountryCode = text(payload.personalIdCountryCode) ?? 'EE';
  if (personalIdCountryCode === 'EE' && !isValidPersonalId(personalId)) {
    // The same message as the forms give for the code (docs/requirements.md section 5); a missing code is "required".
    const issue = validatePersonalId(personalId) ?? { code: 'required' as const, params: {} };
    throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'personalId', ...issue }] });
  }
  const person = {
    personalId,
    personalIdCountryCode,
    givenName: text(payload.givenName) ?? text(payload.firstName) ?? 'TEST',
    surname: text(payload.surname) ?? text(payload.lastName) ?? 'USER',
  };
  // Every field goes into the access token: unbounded, they made it longer than the token response
  // allows (8 KiB), which answered 500 after the session was stored (found by the fuzz suite).
  const issues: FieldIssue[] = [];
  if (!/^[A-Z]{2}$/.test(person.personalIdCountryCode)) issues.push({ path: 'personalIdCountryCode', code: 'invalidCountryCode', params: {} });
  if (person.personalId.length > TEXT_MAX_LENGTH.short) issues.push({ path: 'personalId', code: 'maxLength', params: { max: TEXT_MAX_LENGTH.short } });
  for (const field of ['givenName', 'surname'] as const) {
    if (person[field].length > TEXT_MAX_LENGTH.name) issues.push({ path: field, code: 'maxLength', params: { max: TEXT_MAX_LENGTH.name } });
  }
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', { fields: issues });
  return person;
}
