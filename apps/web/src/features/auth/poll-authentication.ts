import {
  MAX_ATTEMPTS_REACHED_ERROR_CODE,
  POLL_INTERVAL_MS,
  SIGN_IN_VIOLATION_ERROR_CODE,
  USER_CANCEL_ERROR_CODE,
  type AuthenticationStatusResponse,
} from '@onboarding/domain';
import { MaxAttemptsReachedError, poll } from '../../lib/poll';
import type { Sleep } from '../../lib/retry';
import { SignInError } from './sign-in-error';

export type PollOptions = {
  fetchStatus: (signal: AbortSignal) => Promise<AuthenticationStatusResponse>;
  /** The state sent with the start request; the completed answer must carry it back. */
  clientState: string;
  signal: AbortSignal;
  intervalMs?: number;
  /** docs/requirements.md section 4: optional; reaching it fails with max_attempts_reached. */
  maxAttempts?: number;
  sleep?: Sleep;
};

type CompleteStatus = Extract<AuthenticationStatusResponse, { status: 'COMPLETE' }>;

const isComplete = (status: AuthenticationStatusResponse): status is CompleteStatus => status.status === 'COMPLETE';

/**
 * docs/requirements.md section 4, steps 2 and 3: poll every second while
 * RUNNING; the COMPLETE answer's state must equal the client state, or it is a
 * sign-in violation. A COMPLETE answer with an outcome (the person refused on
 * the phone) fails with that outcome's code. Aborting the signal ends it as the
 * user's cancel.
 */
export async function pollAuthentication({
  fetchStatus,
  clientState,
  signal,
  intervalMs = POLL_INTERVAL_MS,
  maxAttempts,
  sleep,
}: PollOptions): Promise<{ code: string }> {
  const cancelled = () => new SignInError(USER_CANCEL_ERROR_CODE);
  if (signal.aborted) throw cancelled();
  let status: CompleteStatus;
  try {
    status = await poll({ fetch: fetchStatus, isDone: isComplete, intervalMs, maxAttempts, signal, sleep });
  } catch (error) {
    if (signal.aborted) throw cancelled();
    if (error instanceof MaxAttemptsReachedError) throw new SignInError(MAX_ATTEMPTS_REACHED_ERROR_CODE);
    throw error;
  }
  if (signal.aborted) throw cancelled();
  if (status.state !== clientState) throw new SignInError(SIGN_IN_VIOLATION_ERROR_CODE);
  // A refusal on the phone is an answer, not a failed request; the person sees it as before
  // (docs/requirements.md section 8).
  if ('outcome' in status) throw new SignInError(status.outcome);
  return { code: status.code };
}
