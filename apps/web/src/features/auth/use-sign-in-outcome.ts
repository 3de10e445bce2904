import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { invitationPath, paths } from '../../lib/paths';
import { forgetSignInAttempt } from '../../lib/sign-in-attempt';
import { readSessionValue } from '../../lib/session-storage';
import { useToast } from '../../ui';
import { signInFlow, useSignInState, type SignInFlow } from './sign-in-flow';

/** An invitation link opened before signing in first, then the application a link named, else personal information. */
function landingAfterSignIn(): string {
  const invitationToken = readSessionValue('invitationToken');
  if (invitationToken) return invitationPath(invitationToken);
  return readSessionValue('processId') ? paths.application : paths.personalInformation;
}

/**
 * Turns the flow's result into navigation (docs/requirements.md section 8): success to
 * personal-information, or straight back to the application when a link
 * (save and continue later) brought a process id, or to the invitation a board member's link named; a cancellation back to the form and nothing else; a
 * network error a toast; a rate limit's refusal the sign-in screen's notice;
 * any other failure the authentication-error screen.
 * Input the server found invalid stays with the form that sent it.
 */
export function useSignInOutcome(flow: SignInFlow = signInFlow): void {
  const state = useSignInState(flow);
  // A screen that opens on a running sign-in is where it belongs already (or, the form, about to cancel it).
  const [initialState] = useState(state);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { showToast } = useToast();
  const { t } = useTranslation();

  useEffect(() => {
    if (state.status === 'waiting') {
      if (state !== initialState && pathname !== paths.authenticationVerificationCode) void navigate(paths.authenticationVerificationCode);
      return;
    }
    if (state.status === 'complete') {
      flow.reset();
      forgetSignInAttempt();
      void navigate(landingAfterSignIn(), { replace: true });
      return;
    }
    if (state.status !== 'failed') return;
    const { outcome } = state;
    if (outcome.kind === 'invalid') return;
    if (outcome.kind === 'rateLimited') {
      // The sign-in screen says until when; the state stays until the next attempt.
      if (pathname !== paths.authentication) void navigate(paths.authentication, { replace: true });
      return;
    }
    flow.reset();
    if (outcome.kind === 'error') {
      void navigate(`${paths.authenticationError}?${new URLSearchParams({ 'error-code': outcome.messageKey })}`, { replace: true });
      return;
    }
    if (outcome.kind === 'network') {
      showToast({ variant: 'error', title: t('TOASTS.NETWORK_ERROR.TITLE'), message: t('TOASTS.NETWORK_ERROR.MESSAGE') });
    }
    if (pathname !== paths.authentication) void navigate(paths.authentication, { replace: true });
  }, [state, initialState, flow, navigate, pathname, showToast, t]);
}
