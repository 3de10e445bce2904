import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { lazyWithReload } from '../../lib/lazy-with-reload';
import { paths } from '../../lib/paths';
import { forgetSignInAttempt } from '../../lib/sign-in-attempt';
import { landingAfterSignIn } from '../../lib/sign-in-return';
import { useToast } from '../../ui';
import { signInFlow, useSignInState, type SignInFlow } from './sign-in-flow';

// Loaded already by the time a sign-in completes: the flow stored the tokens with it.
const loadAuthSession = lazyWithReload(() => import('../../lib/auth-session'));

/** The screen a completed sign-in opens (lib/sign-in-return.ts decides). */
async function landing(): Promise<string> {
  const claims = (await loadAuthSession()).readAccessTokenClaims();
  return claims ? landingAfterSignIn(claims) : paths.personalInformation;
}

/**
 * Turns the flow's result into navigation (docs/requirements.md section 8): success to
 * personal-information, or to where a link pointed (the application and its step, the status page, a board
 * member's invitation), or back to where the same person's session ended (decision 45); a cancellation back to the
 * form and nothing else; a network error a toast; a rate limit's refusal the sign-in screen's notice;
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
      void landing().then((target) => navigate(target, { replace: true }));
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
