import {
  USER_CANCEL_ERROR_CODE,
  DEFAULT_SIGN_IN_MESSAGE_KEY,
  signInMessageKey,
  type AuthenticationMethod,
  type FieldIssue,
  type SignInMessageKey,
} from '@onboarding/domain';
import { ApiError, NetworkError } from '../../lib/api-errors';
import { retryAtOf } from '../../lib/rate-limit';

/** A failure the sign-in flow raises itself: the user's cancel, a state mismatch, too many polls. */
export class SignInError extends Error {
  override readonly name = 'SignInError';
  readonly code: string;

  /** USER_CANCEL_ERROR_CODE, SIGN_IN_VIOLATION_ERROR_CODE or MAX_ATTEMPTS_REACHED_ERROR_CODE of the domain. */
  constructor(code: string) {
    super(code);
    this.code = code;
  }
}

/**
 * What the user sees after a failed sign-in (docs/requirements.md section 8):
 * - cancel (the user pressed Cancel here): nothing, back to the form;
 * - network: the network-error toast;
 * - error: the authentication-error screen with the message key; a failed event is sent with errorCode.
 *   A refusal on the phone (user_cancelled) is such an error: its row in the
 *   section 8 table shows COMMON.USER_CANCEL, so the person learns why it stopped.
 * And two the sign-in screen shows itself: the server found the typed input
 * invalid; or the rate limits refused the attempt, until `retryAt`.
 */
export type SignInOutcome =
  | { kind: 'cancel'; errorCode: typeof USER_CANCEL_ERROR_CODE }
  | { kind: 'network' }
  | { kind: 'invalid'; fields: FieldIssue[] }
  | { kind: 'rateLimited'; retryAt: number }
  | { kind: 'error'; errorCode: string; messageKey: SignInMessageKey };

export function classifySignInError(method: AuthenticationMethod, error: unknown): SignInOutcome {
  if (error instanceof NetworkError) return { kind: 'network' };
  if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.fields.length > 0) return { kind: 'invalid', fields: error.fields };
  const retryAt = retryAtOf(error);
  if (retryAt !== undefined) return { kind: 'rateLimited', retryAt };
  const code = error instanceof SignInError || error instanceof ApiError ? error.code : 'unexpected';
  if (code === USER_CANCEL_ERROR_CODE) return { kind: 'cancel', errorCode: USER_CANCEL_ERROR_CODE };
  const messageKey = method === 'MAGIC' ? DEFAULT_SIGN_IN_MESSAGE_KEY : signInMessageKey(method, code);
  return { kind: 'error', errorCode: code, messageKey };
}
