import { MAX_ATTEMPTS_REACHED_ERROR_CODE, SIGN_IN_VIOLATION_ERROR_CODE, USER_CANCEL_ERROR_CODE, type AuthenticationMethod } from '@onboarding/domain';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-errors';
import { SignInError, classifySignInError } from './sign-in-error';

const failure = (code: string, status = 400) => new ApiError({ status, code });

describe('classifySignInError (docs/requirements.md section 8)', () => {
  it.each<[AuthenticationMethod, string, string]>([
    ['ID_CARD', 'unexpected', 'COMMON.TECHNICAL_ERROR'],
    ['ID_CARD', 'no_certificate', 'IDC.NO_CERTIFICATES'],
    ['ID_CARD', 'no_implementation', 'IDC.NO_IMPLEMENTATION'],
    ['ID_CARD', 'invalid_certificate', 'IDC.INVALID_CERTIFICATE'],
    ['MOBILE_ID', 'timeout', 'MID.TIMEOUT'],
    ['MOBILE_ID', 'user_not_found', 'MID.USER_NOT_FOUND'],
    ['MOBILE_ID', 'phone_absent', 'MID.DEVICE_PROBLEM'],
    ['MOBILE_ID', 'delivery_error', 'MID.DEVICE_PROBLEM'],
    ['MOBILE_ID', 'sim_error', 'MID.DEVICE_PROBLEM'],
    ['SMART_ID', 'timeout', 'SID.TIMEOUT'],
    ['SMART_ID', 'user_not_found', 'SID.USER_NOT_FOUND'],
    ['SMART_ID', 'document_unusable', 'SID.DOCUMENT_UNUSABLE'],
  ])('%s %s shows %s', (method, code, messageKey) => {
    expect(classifySignInError(method, failure(code))).toEqual({ kind: 'error', errorCode: code, messageKey });
  });

  it.each<AuthenticationMethod>(['MOBILE_ID', 'SMART_ID'])('%s user_cancelled (refused on the phone) shows COMMON.USER_CANCEL', (method) => {
    expect(classifySignInError(method, failure('user_cancelled'))).toEqual({ kind: 'error', errorCode: 'user_cancelled', messageKey: 'COMMON.USER_CANCEL' });
  });

  it("the user's own cancel is web.user_cancel too", () => {
    expect(classifySignInError('SMART_ID', new SignInError(USER_CANCEL_ERROR_CODE))).toEqual({ kind: 'cancel', errorCode: USER_CANCEL_ERROR_CODE });
  });

  it('a network error shows the network toast', () => {
    expect(classifySignInError('MOBILE_ID', new NetworkError(new TypeError('offline')))).toEqual({ kind: 'network' });
  });

  it.each([
    ['a state mismatch', new SignInError(SIGN_IN_VIOLATION_ERROR_CODE), SIGN_IN_VIOLATION_ERROR_CODE],
    ['too many polls', new SignInError(MAX_ATTEMPTS_REACHED_ERROR_CODE), MAX_ATTEMPTS_REACHED_ERROR_CODE],
    ['a server error', failure('INTERNAL_ERROR', 500), 'INTERNAL_ERROR'],
    ['a code of another method', failure('document_unusable'), 'document_unusable'],
    ['a bug', new Error('boom'), 'unexpected'],
  ])('%s goes to the technical error', (_name, error, errorCode) => {
    expect(classifySignInError('MOBILE_ID', error)).toEqual({ kind: 'error', errorCode, messageKey: 'COMMON.TECHNICAL_ERROR' });
  });

  it('a rate limit refusal stays on the sign-in screen until the time the server gave', () => {
    const refused = new ApiError({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 120 });
    const before = Date.now();
    const outcome = classifySignInError('SMART_ID', refused);
    expect(outcome.kind).toBe('rateLimited');
    if (outcome.kind === 'rateLimited') {
      expect(outcome.retryAt).toBeGreaterThanOrEqual(before + 120_000);
      expect(outcome.retryAt).toBeLessThanOrEqual(Date.now() + 120_000);
    }
  });

  it('magic sign-in failures are technical errors', () => {
    expect(classifySignInError('MAGIC', failure('timeout'))).toEqual({ kind: 'error', errorCode: 'timeout', messageKey: 'COMMON.TECHNICAL_ERROR' });
  });

  it('invalid input with fields goes back to the form', () => {
    const fields = [{ path: 'personalId', code: 'invalidPersonalId' as const, params: {} }];
    expect(classifySignInError('SMART_ID', new ApiError({ status: 400, code: 'VALIDATION_FAILED', fields }))).toEqual({ kind: 'invalid', fields });
  });
});
